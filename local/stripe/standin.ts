import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { checkoutPage, closedPage, missingPage, pageHeaders } from './checkout-page';
import { createOperations, type Operations } from './operations';
import { onlyKnown, parseParams, StripeError, type Params } from './params';
import { newId, openStore, type IdempotentAnswer } from './store';
import { createWebhookSender } from './webhooks';

const MAX_BODY_BYTES = 1024 * 1024;
/** Stripe forgets an idempotency key after a day. */
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const EXPIRY_CHECK_MS = 1_000;

type Route = { method: string; path: RegExp; run: (operations: Operations, params: Params, ids: string[]) => unknown };

/** The part of Stripe's API the site uses, at Stripe's paths. */
const routes: Route[] = [
  { method: 'POST', path: /^\/v1\/checkout\/sessions$/, run: (o, params) => o.createCheckout(params) },
  { method: 'GET', path: /^\/v1\/checkout\/sessions$/, run: (o, params) => o.listCheckouts(params) },
  { method: 'GET', path: /^\/v1\/checkout\/sessions\/([^/]+)$/, run: (o, params, [id]) => none(params, o.retrieveCheckout(id)) },
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    run: (o, params, [id]) => none(params, o.expireCheckout(id)),
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    run: (o, params, [id]) => none(params, o.retrievePaymentIntent(id)),
  },
  { method: 'POST', path: /^\/v1\/refunds$/, run: (o, params) => o.createRefund(params) },
  {
    method: 'POST',
    path: /^\/v1\/webhook_endpoints\/([^/]+)$/,
    run: (o, params, [id]) => o.updateWebhookEndpoint(id, params),
  },
  { method: 'GET', path: /^\/v1\/refunds$/, run: (o, params) => o.listRefunds(params) },
];

/**
 * The local stand-in for Stripe: the handlers' own SDK talks to it (only its host, port and
 * protocol differ), its hosted checkout page takes the payment with a button, and it sends
 * the signed webhooks Stripe would. Its state lives in `dataFile`, so a restart keeps it.
 * Requests must carry the secret key; a POST's Idempotency-Key replays the first answer.
 */
export function startStripeStandIn(options: {
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** The site's webhook endpoint. */
  webhookUrl: string;
  dataFile: string;
  log: (line: string) => void;
  retryDelaysMs?: readonly number[];
  /** The clock, in milliseconds. */
  now?: () => number;
  /** Answers the API this much later: a slow Stripe, to see the site give up on it in time. */
  apiDelayMs?: number;
}) {
  const now = options.now ?? Date.now;
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const store = openStore(options.dataFile);
  const webhooks = createWebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    signer: new Stripe(options.secretKey),
    store,
    now,
    log: options.log,
    retryDelaysMs: options.retryDelaysMs,
  });
  const operations = createOperations({ store, baseUrl, now, send: (type, checkout) => webhooks.send(type, checkout) });
  let expiryTimer: NodeJS.Timeout | undefined;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`Stripe stand-in: ${error instanceof Error ? error.message : String(error)}`);
      sendJson(response, 500, { error: { type: 'api_error', message: 'Internal error' } });
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', baseUrl);
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    if (body === undefined)
      return sendJson(response, 413, { error: { type: 'invalid_request_error', message: 'Request too large' } });
    if (url.pathname.startsWith('/checkout/')) return servePage(response, method, url.pathname, body);
    if (options.apiDelayMs) await new Promise((resolve) => setTimeout(resolve, options.apiDelayMs));
    try {
      authorize(request.headers.authorization);
      const key = header(request, 'idempotency-key');
      const fingerprint = `${method} ${url.pathname} ${body}`;
      const earlier = method === 'POST' && key ? store.state.idempotency[key] : undefined;
      if (earlier) {
        if (earlier.request !== fingerprint)
          throw new StripeError(
            400,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            { type: 'idempotency_error' },
          );
        return sendJson(response, earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
      }
      const route = routes.find((r) => r.method === method && r.path.test(url.pathname));
      if (!route) throw new StripeError(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
      const ids = route.path.exec(url.pathname)!.slice(1);
      const result = route.run(operations, parseParams(method === 'GET' ? url.search.slice(1) : body), ids);
      // Like Stripe, only a request that was carried out is remembered; a refused one may be sent again.
      if (method === 'POST' && key) remember(key, { request: fingerprint, status: 200, body: result, created: now() });
      sendJson(response, 200, result);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      sendJson(response, error.status, error.body);
    }
  };

  const authorize = (authorization: string | undefined) => {
    if (!authorization)
      throw new StripeError(
        401,
        "You did not provide an API key. Send it in the Authorization header: 'Authorization: Bearer sk_test_...'.",
      );
    if (authorization !== `Bearer ${options.secretKey}`) {
      const key = authorization.replace(/^Bearer /, '');
      throw new StripeError(
        401,
        `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(key.length - 12, 0))}${key.slice(-4)}`,
      );
    }
  };

  const remember = (key: string, answer: IdempotentAnswer) => {
    const oldest = now() - IDEMPOTENCY_KEY_LIFETIME_MS;
    for (const [k, a] of Object.entries(store.state.idempotency)) if (a.created < oldest) delete store.state.idempotency[k];
    store.state.idempotency[key] = answer;
    store.save();
  };

  /** The hosted checkout page and its two buttons; no API key here, as on checkout.stripe.com. */
  const servePage = (response: ServerResponse, method: string, path: string, body: string) => {
    const [, id, action] = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path) ?? [];
    const stored = id === undefined ? undefined : operations.findCheckout(id);
    if (!stored) return sendHtml(response, 404, missingPage());
    const allowed = action ? 'POST' : 'GET';
    if (method !== allowed) return sendHtml(response, 405, missingPage(), { ...pageHeaders(), allow: allowed });
    const { checkout } = stored;
    // Cancel leaves the Checkout Session open, as on Stripe's page: the customer may come back to it.
    if (action === 'cancel')
      return checkout.cancel_url ? redirect(response, checkout.cancel_url) : sendHtml(response, 404, missingPage());
    if (checkout.status !== 'open')
      return sendHtml(response, action ? 409 : 200, closedPage(stored, now()), pageHeaders(checkout));
    if (!action) return sendHtml(response, 200, checkoutPage(stored, { now: now() }), pageHeaders(checkout));
    const form = new URLSearchParams(body);
    const email = checkout.customer_email ?? form.get('email')?.trim();
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
      const page = checkoutPage(stored, { now: now(), error: 'Enter the e-mail address for the receipt.' });
      return sendHtml(response, 400, page, pageHeaders(checkout));
    }
    const paid = operations.payCheckout(checkout.id, { email, name: form.get('name')?.trim().slice(0, 200) || null });
    redirect(response, paid.success_url!.replaceAll('{CHECKOUT_SESSION_ID}', paid.id));
  };

  return {
    listen: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, '127.0.0.1', () => {
          // Events an earlier run had not delivered go first; then Checkout Sessions that expired
          // while the stand-in was stopped are expired, each with its own new event.
          webhooks.resume();
          operations.expireDue();
          expiryTimer = setInterval(() => operations.expireDue(), EXPIRY_CHECK_MS);
          resolve();
        });
      }),
    /** Resolves once no webhook is on its way, retries included (for tests). */
    idle: () => webhooks.idle(),
    close: async () => {
      clearInterval(expiryTimer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await webhooks.stop();
    },
  };
}

/** An operation that takes no parameters refuses any, as Stripe does. */
function none<T>(params: Params, result: T): T {
  onlyKnown(params, []);
  return result;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (response.headersSent) return void response.end();
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req_', 14), ...headers });
  response.end(JSON.stringify(body, null, 2));
}

function sendHtml(response: ServerResponse, status: number, html: string, headers: Record<string, string> = pageHeaders()) {
  response.writeHead(status, headers);
  response.end(html);
}

function redirect(response: ServerResponse, location: string) {
  response.writeHead(303, { location, 'cache-control': 'no-store' });
  response.end();
}

/** The body, or undefined past the limit. */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
