import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeStandIn } from '../../local/stripe/standin';

const secretKey = 'sk_test_local_unit';
const webhookSecret = 'whsec_local_unit';
const site = 'http://127.0.0.1:9';
const hour = 60 * 60;

type Received = { body: string; signature: string };

let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.reverse()) await stop();
  stops = [];
});

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listening(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The site's webhook endpoint: records what it receives and answers the statuses it is given, then 200. */
async function webhookReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ body, signature: String(request.headers['stripe-signature']) });
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  const port = await listening(server);
  stops.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${port}/api/stripe/webhook`, received };
}

async function start(options: {
  webhookUrl: string;
  dataFile?: string;
  port?: number;
  now?: () => number;
  retryDelaysMs?: number[];
}) {
  const port = options.port ?? (await freePort());
  const dataFile = options.dataFile ?? join(mkdtempSync(join(tmpdir(), 'stripe-')), 'stripe.json');
  const standIn = startStripeStandIn({
    port,
    secretKey,
    webhookSecret,
    webhookUrl: options.webhookUrl,
    dataFile,
    log: () => undefined,
    retryDelaysMs: options.retryDelaysMs ?? [20, 20],
    now: options.now,
  });
  await standIn.listen();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await standIn.close();
  };
  stops.push(stop);
  const stripe = new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  return { standIn, stripe, port, dataFile, stop, origin: `http://127.0.0.1:${port}` };
}

const checkoutParams = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    {
      price_data: {
        currency: 'gbp',
        unit_amount: 1500,
        product_data: { name: 'Morning breathwork', description: 'Tuesday 9 June, 07:30' },
      },
      quantity: 1,
    },
  ],
  customer_email: 'ada@example.com',
  client_reference_id: 'B1',
  metadata: { bookingId: 'B1' },
  payment_intent_data: { metadata: { bookingId: 'B1' } },
  expires_at: Math.floor(Date.now() / 1000) + hour,
  success_url: `${site}/bookings/B1?checkout={CHECKOUT_SESSION_ID}`,
  cancel_url: `${site}/sessions/S1`,
  ...overrides,
});

const pay = (url: string, form: Record<string, string> = {}) =>
  fetch(`${url}/pay`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

async function verified(received: Received): Promise<Stripe.Event> {
  return new Stripe(secretKey).webhooks.constructEventAsync(received.body, received.signature, webhookSecret);
}

async function refusal(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
}

describe('the local Stripe stand-in', () => {
  it('takes a payment from creation to refund, as the SDK and the hosted page drive it', async () => {
    const receiver = await webhookReceiver();
    const { stripe, standIn, origin } = await start({ webhookUrl: receiver.url });

    const created = await stripe.checkout.sessions.create(checkoutParams());
    expect(created).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 1500,
      amount_subtotal: 1500,
      currency: 'gbp',
      client_reference_id: 'B1',
      metadata: { bookingId: 'B1' },
      customer_email: 'ada@example.com',
      customer_details: null,
      payment_intent: null,
      livemode: false,
      url: `${origin}/checkout/${created.id}`,
    });
    expect(created.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(await stripe.checkout.sessions.retrieve(created.id)).toEqual(created);

    const page = await fetch(created.url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    for (const text of [
      'Morning breathwork',
      '£15.00',
      'Pay £15.00',
      'ada@example.com',
      'This checkout is held until',
      'No card is charged',
    ])
      expect(html).toContain(text);
    expect(html).not.toContain('<script');

    const paid = await pay(created.url!, { name: 'Ada Lovelace' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${site}/bookings/B1?checkout=${created.id}`);

    await standIn.idle();
    expect(receiver.received).toHaveLength(1);
    const event = await verified(receiver.received[0]);
    expect(event).toMatchObject({ type: 'checkout.session.completed', api_version: Stripe.API_VERSION, livemode: false });
    expect(event.id).toMatch(/^evt_test_/);
    const checkout = event.data.object as Stripe.Checkout.Session;
    expect(checkout).toMatchObject({
      id: created.id,
      status: 'complete',
      payment_status: 'paid',
      customer_details: { email: 'ada@example.com', name: 'Ada Lovelace' },
      url: null,
    });
    const paymentIntent = checkout.payment_intent as string;
    expect(paymentIntent).toMatch(/^pi_test_/);
    expect(await stripe.paymentIntents.retrieve(paymentIntent)).toMatchObject({ amount: 1500, metadata: { bookingId: 'B1' } });

    const listed = await stripe.checkout.sessions.list({ payment_intent: paymentIntent });
    expect(listed).toMatchObject({ object: 'list', has_more: false });
    expect(listed.data.map((s) => s.id)).toEqual([created.id]);

    // Paid once: the page says so and takes no second payment.
    expect(await (await fetch(created.url!)).text()).toContain('This checkout is paid');
    expect((await pay(created.url!)).status).toBe(409);

    const refund = await stripe.refunds.create({ payment_intent: paymentIntent, metadata: { bookingId: 'B1' } });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 1500,
      currency: 'gbp',
      payment_intent: paymentIntent,
      status: 'succeeded',
    });
    expect(refund.id).toMatch(/^re_test_/);
    const again = await refusal(stripe.refunds.create({ payment_intent: paymentIntent }));
    expect(again.code).toBe('charge_already_refunded');
    expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data.map((r) => r.id)).toEqual([refund.id]);
  });

  it('refunds in part, up to what is left, and only a paid payment intent', async () => {
    const receiver = await webhookReceiver();
    const { stripe } = await start({ webhookUrl: receiver.url });
    const { url, id } = await stripe.checkout.sessions.create(checkoutParams());
    expect((await refusal(stripe.refunds.create({ payment_intent: 'pi_test_none' }))).statusCode).toBe(404);
    await pay(url!);
    const paymentIntent = (await stripe.checkout.sessions.retrieve(id)).payment_intent as string;
    expect((await stripe.refunds.create({ payment_intent: paymentIntent, amount: 500 })).amount).toBe(500);
    expect((await refusal(stripe.refunds.create({ payment_intent: paymentIntent, amount: 1100 }))).code).toBe('amount_too_large');
    expect((await stripe.refunds.create({ payment_intent: paymentIntent })).amount).toBe(1000);
  });

  it('lists Checkout Sessions by status and creation, a page at a time, as the SDK pages them', async () => {
    const { stripe } = await start({ webhookUrl: site });
    const made = [];
    for (let n = 0; n < 3; n++)
      made.push(await stripe.checkout.sessions.create(checkoutParams({ client_reference_id: `B${n}` })));
    await pay(made[0].url!);
    await pay(made[2].url!);
    const complete = [];
    for await (const checkout of stripe.checkout.sessions.list({
      status: 'complete',
      created: { gte: made[0].created },
      limit: 1,
    }))
      complete.push(checkout.id);
    expect(complete).toEqual([made[2].id, made[0].id]);
    const later = await stripe.checkout.sessions.list({ created: { gte: made[2].created + 60 } });
    expect(later.data).toEqual([]);
    expect(await refusal(stripe.checkout.sessions.list({ starting_after: 'cs_test_none' }))).toMatchObject({
      code: 'resource_missing',
    });
  });

  it('sends nothing to a disabled webhook endpoint, as Stripe does, and sends again once it is enabled', async () => {
    const receiver = await webhookReceiver();
    const { stripe, standIn, origin } = await start({ webhookUrl: receiver.url });
    const endpoint = (disabled: boolean) =>
      fetch(`${origin}/v1/webhook_endpoints/we_local`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: `disabled=${disabled}`,
      }).then((response) => response.json() as Promise<{ status: string }>);
    expect(await endpoint(true)).toMatchObject({ status: 'disabled' });
    const unseen = await stripe.checkout.sessions.create(checkoutParams());
    await pay(unseen.url!);
    await standIn.idle();
    expect(receiver.received).toHaveLength(0);
    expect((await stripe.checkout.sessions.retrieve(unseen.id)).payment_status).toBe('paid');
    expect(await endpoint(false)).toMatchObject({ status: 'enabled' });
    const seen = await stripe.checkout.sessions.create(checkoutParams());
    await pay(seen.url!);
    await standIn.idle();
    expect((await verified(receiver.received[0])).data.object).toMatchObject({ id: seen.id });
  });

  it('asks the page for an e-mail address when the Checkout Session has none', async () => {
    const receiver = await webhookReceiver();
    const { stripe, standIn } = await start({ webhookUrl: receiver.url });
    const { id, url } = await stripe.checkout.sessions.create(checkoutParams({ customer_email: undefined }));
    expect(await (await fetch(url!)).text()).toContain('name="email"');
    const refused = await pay(url!);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('role="alert"');
    expect((await pay(url!, { email: 'grace@example.com' })).status).toBe(303);
    await standIn.idle();
    expect((await stripe.checkout.sessions.retrieve(id)).customer_details).toMatchObject({
      email: 'grace@example.com',
      name: null,
    });
  });

  it('expires an open Checkout Session on request and tells the webhook; an expired one cannot be paid or expired again', async () => {
    const receiver = await webhookReceiver();
    const { stripe, standIn } = await start({ webhookUrl: receiver.url });
    const { id, url } = await stripe.checkout.sessions.create(checkoutParams());

    const expired = await stripe.checkout.sessions.expire(id);
    expect(expired).toMatchObject({ status: 'expired', payment_status: 'unpaid', url: null });
    await standIn.idle();
    const event = await verified(receiver.received[0]);
    expect(event.type).toBe('checkout.session.expired');
    expect(event.data.object).toMatchObject({ id, status: 'expired' });

    expect((await refusal(stripe.checkout.sessions.expire(id))).statusCode).toBe(400);
    const page = await (await fetch(url!)).text();
    expect(page).toContain('This checkout has expired');
    expect(page).toContain(`href="${site}/sessions/S1"`);
    expect((await pay(url!)).status).toBe(409);

    // Cancel goes back to the site and leaves an open Checkout Session open.
    const open = await stripe.checkout.sessions.create(checkoutParams());
    const cancelled = await fetch(`${open.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${site}/sessions/S1`);
    expect((await stripe.checkout.sessions.retrieve(open.id)).status).toBe('open');
  });

  it('expires a Checkout Session when its expires_at passes, with its webhook', async () => {
    const receiver = await webhookReceiver();
    let clock = Date.now();
    const { stripe, standIn } = await start({ webhookUrl: receiver.url, now: () => clock });
    const { id } = await stripe.checkout.sessions.create(checkoutParams({ expires_at: Math.floor(clock / 1000) + hour }));
    clock += hour * 1000;
    await expect.poll(() => receiver.received.length, { timeout: 3000 }).toBe(1);
    await standIn.idle();
    expect((await verified(receiver.received[0])).data.object).toMatchObject({ id, status: 'expired' });
  });

  it("refuses an expires_at outside 30 minutes to 24 hours, and what Stripe's API would refuse", async () => {
    const { stripe } = await start({ webhookUrl: site });
    const now = Math.floor(Date.now() / 1000);
    const soon = await refusal(stripe.checkout.sessions.create(checkoutParams({ expires_at: now + 10 * 60 })));
    expect(soon).toMatchObject({ type: 'StripeInvalidRequestError', param: 'expires_at', statusCode: 400 });
    expect(soon.message).toContain('at least 30 minutes');
    const late = await refusal(stripe.checkout.sessions.create(checkoutParams({ expires_at: now + 25 * hour })));
    expect(late.message).toContain('less than 24 hours');

    const bank = await refusal(
      stripe.checkout.sessions.create({ ...checkoutParams(), allowed_payment_method_types: ['card', 'sepa_debit'] }),
    );
    expect(bank).toMatchObject({ code: 'parameter_invalid', param: 'allowed_payment_method_types' });
    expect(bank.message).toContain('takes card, not sepa_debit');
    const unknown = await refusal(stripe.checkout.sessions.create({ ...checkoutParams(), locale: 'fr' }));
    expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'locale' });
    const noName = checkoutParams();
    delete (noName.line_items![0].price_data!.product_data as { name?: string }).name;
    expect(await refusal(stripe.checkout.sessions.create(noName))).toMatchObject({
      code: 'parameter_missing',
      param: 'line_items[0][price_data][product_data][name]',
    });
    const missing = await refusal(stripe.checkout.sessions.retrieve('cs_test_none'));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('answers 401 to a wrong API key', async () => {
    const { port } = await start({ webhookUrl: site });
    const stranger = new Stripe('sk_test_someone_else', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
    const error = await refusal(stranger.checkout.sessions.create(checkoutParams()));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
  });

  it('replays the first answer to a repeated Idempotency-Key, and refuses the key with other parameters', async () => {
    const { stripe } = await start({ webhookUrl: site });
    const params = checkoutParams();
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: 'booking-B1' });
    const second = await stripe.checkout.sessions.create(params, { idempotencyKey: 'booking-B1' });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await refusal(
      stripe.checkout.sessions.create({ ...params, client_reference_id: 'B2' }, { idempotencyKey: 'booking-B1' }),
    );
    expect(other.type).toBe('StripeIdempotencyError');
    expect((await stripe.checkout.sessions.list()).data).toHaveLength(1);
  });

  it('sends a webhook again after the endpoint fails, then gives up after the last retry', async () => {
    const receiver = await webhookReceiver([500]);
    const { stripe, standIn } = await start({ webhookUrl: receiver.url });
    await stripe.checkout.sessions.expire((await stripe.checkout.sessions.create(checkoutParams())).id);
    await standIn.idle();
    expect(receiver.received).toHaveLength(2);
    const [first, second] = await Promise.all(receiver.received.map(verified));
    expect(second.id).toBe(first.id);

    const failing = await webhookReceiver([500, 500, 500, 500]);
    const other = await start({ webhookUrl: failing.url });
    await other.stripe.checkout.sessions.expire((await other.stripe.checkout.sessions.create(checkoutParams())).id);
    await other.standIn.idle();
    expect(failing.received).toHaveLength(3);
  });

  it('keeps its Checkout Sessions and refunds across a restart, and expires on start what expired while it was stopped', async () => {
    const receiver = await webhookReceiver();
    let clock = Date.now();
    const first = await start({ webhookUrl: receiver.url, now: () => clock });
    const paid = await first.stripe.checkout.sessions.create(checkoutParams());
    await pay(paid.url!);
    const paymentIntent = (await first.stripe.checkout.sessions.retrieve(paid.id)).payment_intent as string;
    const refund = await first.stripe.refunds.create({ payment_intent: paymentIntent, amount: 500 });
    const open = await first.stripe.checkout.sessions.create(checkoutParams());
    await first.standIn.idle();
    await first.stop();

    clock += 2 * hour * 1000;
    const second = await start({ webhookUrl: receiver.url, dataFile: first.dataFile, port: first.port, now: () => clock });
    expect(await second.stripe.checkout.sessions.retrieve(paid.id)).toMatchObject({
      status: 'complete',
      payment_intent: paymentIntent,
    });
    expect((await second.stripe.refunds.list({ payment_intent: paymentIntent })).data).toEqual([refund]);
    expect(await second.stripe.checkout.sessions.retrieve(open.id)).toMatchObject({ status: 'expired' });
    await second.standIn.idle();
    const types = await Promise.all(receiver.received.map(async (r) => (await verified(r)).type));
    expect(types).toEqual(['checkout.session.completed', 'checkout.session.expired']);
  });

  it('keeps an undelivered webhook across a restart and sends it then', async () => {
    const receiver = await webhookReceiver([500]);
    const first = await start({ webhookUrl: receiver.url, retryDelaysMs: [60_000] });
    const { id } = await first.stripe.checkout.sessions.expire(
      (await first.stripe.checkout.sessions.create(checkoutParams())).id,
    );
    await expect.poll(() => receiver.received.length).toBe(1);
    await first.stop();

    const second = await start({ webhookUrl: receiver.url, dataFile: first.dataFile, port: first.port });
    await second.standIn.idle();
    expect(receiver.received).toHaveLength(2);
    const [failed, delivered] = await Promise.all(receiver.received.map(verified));
    expect(delivered).toMatchObject({ id: failed.id, type: 'checkout.session.expired', data: { object: { id } } });
  });
});
