import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { newId, type CheckoutSession, type Store, type WebhookEvent } from './store';

/** After a failed delivery, wait this long before the next attempt; after the last, give up. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 30_000, 60_000];
/** How long one attempt may take, as Stripe stops waiting for a slow endpoint. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * Sends Stripe's events to the site's webhook endpoint, signed with the endpoint's secret as
 * Stripe signs them, so the handler verifies them with the SDK unchanged. Each event is kept in
 * the store until it is delivered (a 2xx) or given up, and is delivered on its own: one slow or
 * failing event holds up no other. `stop()` ends the deliveries; the next start resumes them.
 */
export function createWebhookSender(options: {
  url: string;
  secret: string;
  /** Signs each attempt with the time it is sent, as the signature's timestamp must be recent. */
  signer: Stripe;
  store: Store;
  now: () => number;
  log: (line: string) => void;
  retryDelaysMs?: readonly number[];
}) {
  const { store, retryDelaysMs = DEFAULT_RETRY_DELAYS_MS } = options;
  const pending = new Set<Promise<void>>();
  const stopping = new AbortController();

  const attempt = async (event: WebhookEvent) => {
    const payload = JSON.stringify(event, null, 2);
    const response = await fetch(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': options.signer.webhooks.generateTestHeaderString({ payload, secret: options.secret }),
      },
      body: payload,
      signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the endpoint answered ${response.status}`);
  };

  const deliver = async (id: string) => {
    while (!stopping.signal.aborted) {
      const delivery = store.state.webhooks[id];
      try {
        await attempt(delivery.event);
        delete store.state.webhooks[id];
        return store.save();
      } catch (error) {
        if (stopping.signal.aborted) return;
        delivery.attempts += 1;
        if (delivery.attempts > retryDelaysMs.length) {
          options.log(
            `Stripe stand-in: gave up sending ${delivery.event.type} ${id} to ${options.url} after ${delivery.attempts} attempts: ${error instanceof Error ? error.message : String(error)}`,
          );
          delete store.state.webhooks[id];
          return store.save();
        }
        store.save();
        try {
          await sleep(retryDelaysMs[delivery.attempts - 1], undefined, { signal: stopping.signal });
        } catch {
          return; // stopping: the event stays in the store for the next start
        }
      }
    }
  };

  const schedule = (id: string) => {
    const run: Promise<void> = deliver(id)
      .catch((error: unknown) => options.log(`Stripe stand-in: webhook ${id} stopped: ${String(error)}`))
      .finally(() => pending.delete(run));
    pending.add(run);
  };

  return {
    /** Records the event for the Checkout Session as it now is, then sends it, unless the endpoint is disabled. */
    send(type: WebhookEvent['type'], checkout: CheckoutSession) {
      if (store.state.endpointDisabled) return;
      const event: WebhookEvent = {
        id: newId('evt_test_'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(options.now() / 1000),
        data: { object: structuredClone(checkout) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      store.state.webhooks[event.id] = { event, attempts: 0 };
      store.save();
      schedule(event.id);
    },

    /** Sends again what an earlier run had not delivered. */
    resume() {
      for (const id of Object.keys(store.state.webhooks)) schedule(id);
    },

    /** Resolves once no event is on its way, retries included (for tests). */
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

    async stop() {
      stopping.abort();
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
