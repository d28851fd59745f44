import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import type Stripe from 'stripe';

/** The Checkout Session fields the stand-in answers, with the SDK's own names and types. */
export type CheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
>;

export type Refund = Pick<
  Stripe.Refund,
  'id' | 'object' | 'amount' | 'charge' | 'created' | 'currency' | 'metadata' | 'payment_intent' | 'reason' | 'status'
>;

export type LineItem = { name: string; description: string | null; unitAmount: number; quantity: number };

/** A Checkout Session with what Stripe keeps beside it: its line items, and its payment once paid. */
export type StoredCheckout = {
  checkout: CheckoutSession;
  lineItems: LineItem[];
  /** `payment_intent_data[metadata]`: the payment intent's metadata once there is one. */
  paymentIntentMetadata: Record<string, string>;
  payment?: { charge: string; created: number };
};

export type WebhookEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: CheckoutSession };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: 'checkout.session.completed' | 'checkout.session.expired';
};

/** An event on its way to the webhook endpoint, kept until delivered or given up. */
export type PendingWebhook = { event: WebhookEvent; attempts: number };

/** The answer a POST with an Idempotency-Key got, replayed for the same key and request. */
export type IdempotentAnswer = { request: string; status: number; body: unknown; created: number };

export type StandInState = {
  checkouts: Record<string, StoredCheckout>;
  refunds: Record<string, Refund>;
  idempotency: Record<string, IdempotentAnswer>;
  webhooks: Record<string, PendingWebhook>;
  /** Whether the site's webhook endpoint is disabled, as in Stripe's Dashboard: its events are then not sent. */
  endpointDisabled?: boolean;
};

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id in Stripe's form: its prefix, then letters and digits (`cs_test_a1B2…`). */
export const newId = (prefix: string, length = 24) =>
  prefix + Array.from(randomBytes(length), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');

/**
 * The stand-in's state, in one JSON file so a restart of the local stack keeps it. `save()`
 * writes it whole, then renames: a kill mid-write leaves a .tmp file, never half a state.
 */
export function openStore(dataFile: string) {
  const state: StandInState = { checkouts: {}, refunds: {}, idempotency: {}, webhooks: {} };
  if (existsSync(dataFile)) {
    try {
      Object.assign(state, JSON.parse(readFileSync(dataFile, 'utf8')) as Partial<StandInState>);
    } catch (error) {
      throw new Error(`${dataFile} is unreadable: remove it, or start with --fresh`, { cause: error });
    }
  }
  return {
    state,
    save() {
      mkdirSync(dirname(dataFile), { recursive: true });
      writeFileSync(`${dataFile}.tmp`, JSON.stringify(state));
      renameSync(`${dataFile}.tmp`, dataFile);
    },
  };
}

export type Store = ReturnType<typeof openStore>;
