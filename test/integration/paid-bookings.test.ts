import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type Stripe from 'stripe';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { bookingKey, discountCodeKey, paymentKey } from '../../functions/domain/records/keys';
import { getBooking } from '../../functions/domain/records/bookings';
import { getSession, seatCounters, seatsPerClientAddress } from '../../functions/domain/records/sessions';
import { getPayment, getRefund } from '../../functions/domain/records/payment-records';
import { transactNamed } from '../../functions/lib/transactions';
import { HOLD_MINUTES } from '../../functions/domain/records/holds';
import { releaseExpiredHolds } from '../../functions/domain/flows/hold-sweep';
import type { BookingReceipt, PendingBookingConflict } from '../../functions/schemas/booking';
import { api, sentEmails, siteUrl, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';
import { createCode } from '../support/discounts';
import { signedInUser } from '../support/users';
import {
  checkoutEvent,
  payCheckout,
  postWebhook,
  runOutHold,
  setWebhookEndpoint,
  signedWebhook,
  stripe,
  waitForBooking,
} from '../support/stripe';
import { reconcilePayments } from '../../functions/domain/flows/stripe-payments';

const newEmail = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;

type Answer = BookingReceipt & { message?: string };
const book = (sessionId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api<Answer>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: newEmail('ada'), ...body }),
    headers,
  });

const paidSession = (fields: Parameters<typeof createSession>[0] = {}) =>
  createSession({ title: `Paid Breath ${ulid()}`, priceAmount: 1500, priceCurrency: 'GBP', ...fields });

/** The Payment item of the checkout a booking opened. */
async function paymentOfBooking(bookingId: string) {
  const booking = await dynamo.send(new GetCommand({ TableName: tableName(), Key: bookingKey(bookingId) }));
  return (await getPayment(booking.Item!.checkoutSessionId as string))!;
}

/** The booking's own Checkout Session as Stripe reports it paid: £15, with a payment of its own. */
async function paidCheckoutOf(bookingId: string) {
  return {
    id: (await paymentOfBooking(bookingId)).checkoutSessionId,
    client_reference_id: bookingId,
    payment_status: 'paid' as const,
    payment_intent: `pi_test_${ulid()}`,
    amount_total: 1500,
    currency: 'gbp',
    // What the site writes on every Checkout Session it opens.
    metadata: { site: process.env.SITE_ID!, bookingId, sessionId: (await getBooking(bookingId))!.sessionId },
  };
}

async function seats(sessionId: string) {
  const session = (await getSession(sessionId))!;
  return { taken: session.seatsTaken, held: session.seatsHeld };
}

/** Lets the stream, the bus and the consumers catch up before counting what did not happen. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('paid bookings', () => {
  it("hold the seat, check out at the server's converted and discounted price, and are confirmed by the webhook", async () => {
    const session = await paidSession({ maxAttendees: 5 });
    const code = await createCode({ type: 'percentage', percentage: 10 });
    const email = newEmail('paying');
    // The browser's price is never read: only the currency and the code.
    const { status, body } = await book(session.id, { email, currency: 'EUR', discountCode: code.toLowerCase(), price: 1 });
    expect(status).toBe(201);
    // £15 at the fallback 1.17 is €17.55, shown and charged as €18; 10% off is €16.20.
    expect(body.booking).toMatchObject({ status: 'pending', paymentStatus: 'pending', price: { amount: 1620, currency: 'EUR' } });
    const holdMs = Date.parse(body.booking.holdExpiresAt!) - Date.now();
    expect(holdMs).toBeGreaterThan((HOLD_MINUTES - 1) * 60_000);
    expect(holdMs).toBeLessThanOrEqual(HOLD_MINUTES * 60_000);
    expect(await seats(session.id)).toEqual({ taken: 1, held: 1 });

    const stored = await dynamo.send(new GetCommand({ TableName: tableName(), Key: bookingKey(body.booking.id) }));
    const checkout = await (await stripe()).checkout.sessions.retrieve(stored.Item!.checkoutSessionId as string);
    expect(checkout).toMatchObject({
      url: body.checkoutUrl,
      amount_total: 1620,
      currency: 'eur',
      client_reference_id: body.booking.id,
      customer_email: email,
      expires_at: Math.floor(Date.parse(body.booking.holdExpiresAt!) / 1000),
    });
    expect(checkout.success_url).toContain(`/booking-confirmation?bookingId=${body.booking.id}`);
    expect(checkout.cancel_url).toBe(`${siteUrl}/sessions/${session.id}?checkout=cancelled&booking=${body.booking.id}`);

    await payCheckout(body.checkoutUrl!);
    const paid = await waitForBooking(body.booking.id, (b) => b.status === 'completed');
    expect(paid).toMatchObject({ status: 'completed', paymentStatus: 'paid', holdExpiresAt: null });
    expect((await getBooking(body.booking.id))?.discountCode).toBe(code);
    expect(await seats(session.id)).toEqual({ taken: 1, held: 0 });
    const [confirmation] = await waitForEmails(email, 1);
    expect(confirmation.subject).toBe(`Booking confirmed: ${session.title}`);
    expect(confirmation.body.text).toContain('Paid: €16.20');
  });

  it('never oversell: 200 simultaneous attempts on a 5-seat session make 5 holds, the rest 409', async () => {
    const session = await paidSession({ maxAttendees: 5 });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => book(session.id, { email: newEmail(`rush${i}`) })));
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(
      Array(195).fill('This session is sold out.'),
    );
    expect(created.every((a) => a.body.checkoutUrl && a.body.booking.status === 'pending')).toBe(true);
    expect(await seats(session.id)).toEqual({ taken: 5, held: 5 });
  });

  it('let one client address hold only its share of a session, and have a released seat back', async () => {
    const session = await paidSession({ maxAttendees: 10 });
    const share = seatsPerClientAddress(session);
    // A quarter of ten seats, rounded down.
    expect(share).toBe(2);
    const from = { 'cloudfront-viewer-address': `198.18.${Math.floor(Math.random() * 256)}.7:443` };
    const answers = [];
    for (let i = 0; i < share + 1; i++) answers.push(await book(session.id, {}, from));
    expect(answers.map((a) => a.status)).toEqual([...Array(share).fill(201), 429]);
    expect(answers.at(-1)!.body.message).toBe('Too many seats of this session are already booked from your network.');
    expect(await seats(session.id)).toEqual({ taken: share, held: share });
    // Another address still books; a released hold gives the first address its seat back.
    expect((await book(session.id, {})).status).toBe(201);
    await runOutHold(answers[0].body.booking.id);
    await releaseExpiredHolds(new Date());
    expect((await book(session.id, {}, from)).status).toBe(201);
  });

  it('redeem a one-time code once among 20 simultaneous bookings', async () => {
    const session = await paidSession();
    const code = await createCode({ type: 'percentage', percentage: 50 }, { oneTime: true });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(session.id, { email: newEmail(`code${i}`), discountCode: code })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(
      Array(19).fill('This code has already been used'),
    );
    const stored = await dynamo.send(new GetCommand({ TableName: tableName(), Key: discountCodeKey(code) }));
    expect(stored.Item!.timesUsed).toBe(1);
    expect(await seats(session.id)).toEqual({ taken: 1, held: 1 });
  });

  it('complete without payment with a 100% code, as a free booking does', async () => {
    const session = await paidSession();
    const code = await createCode({ type: 'percentage', percentage: 100 });
    const email = newEmail('free');
    const { status, body } = await book(session.id, { email, discountCode: code });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      booking: { status: 'completed', paymentStatus: 'free', price: { amount: 0, currency: 'GBP' }, holdExpiresAt: null },
      checkoutUrl: null,
    });
    expect(await seats(session.id)).toEqual({ taken: 1, held: 0 });
    expect((await waitForEmails(email, 1)).map((m) => m.subject)).toEqual([`Booking confirmed: ${session.title}`]);
  });

  it('are confirmed once, with one e-mail, when webhooks come twice and out of order', async () => {
    const session = await paidSession();
    const email = newEmail('twice');
    const { body } = await book(session.id, { email });
    const paidCheckout = await paidCheckoutOf(body.booking.id);
    const completed = checkoutEvent('checkout.session.completed', paidCheckout);
    const answers = [
      await postWebhook(checkoutEvent('checkout.session.async_payment_succeeded', paidCheckout)),
      await postWebhook(completed),
      await postWebhook(completed),
      await postWebhook(checkoutEvent('checkout.session.expired', { ...paidCheckout, payment_status: 'unpaid' })),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await waitForBooking(body.booking.id, (b) => b.status === 'completed')).toMatchObject({ paymentStatus: 'paid' });
    await settle();
    expect((await waitForEmails(email, 1)).map((m) => m.subject)).toEqual([`Booking confirmed: ${session.title}`]);
    expect(await seats(session.id)).toEqual({ taken: 1, held: 0 });
  });

  it('answer deliveries of one event that overlap as duplicates, never as failures, and settle it once', async () => {
    const session = await paidSession();
    const email = newEmail('overlap');
    const { body } = await book(session.id, { email });
    const completed = checkoutEvent('checkout.session.completed', await paidCheckoutOf(body.booking.id));
    const signature = await signedWebhook(completed);
    const answers = await Promise.all(Array.from({ length: 3 }, () => postWebhook(completed, signature)));
    // The first handles it; one arriving while it runs hears 409 (Stripe retries it), one after it 200.
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer).toEqual({ status: 409, body: { message: 'This event is being handled by another delivery of it.' } });
    }
    expect(await postWebhook(completed, signature)).toEqual({ status: 200, body: { received: true } });
    expect(await waitForBooking(body.booking.id, (b) => b.status === 'completed')).toMatchObject({ paymentStatus: 'paid' });
    await settle();
    expect((await waitForEmails(email, 1)).map((m) => m.subject)).toEqual([`Booking confirmed: ${session.title}`]);
  });

  it("mark nothing paid for a signed payment marked as the site's for another checkout, amount or currency, and give that money back", async () => {
    const session = await paidSession();
    const { body } = await book(session.id, {});
    const opened = await paymentOfBooking(body.booking.id);
    const paid = async (fields: Partial<Stripe.Checkout.Session>) => ({ ...(await paidCheckoutOf(body.booking.id)), ...fields });
    const forged = [
      await paid({ id: `cs_test_${ulid()}`, amount_total: 100, currency: 'usd' }),
      await paid({ amount_total: 100 }),
      await paid({ currency: 'usd' }),
    ];
    for (const checkout of forged) {
      expect((await postWebhook(checkoutEvent('checkout.session.completed', checkout))).status).toBe(200);
    }
    await settle();
    expect(await waitForBooking(body.booking.id, () => true)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(await getPayment(opened.checkoutSessionId)).toMatchObject({ state: 'open' });
    expect(await seats(session.id)).toEqual({ taken: 1, held: 1 });
    // Each sum that arrived is owed back (the stand-in knows none of these payments, so Stripe refuses them: failed).
    for (const checkout of forged) {
      expect(await getRefund(checkout.payment_intent as string)).toMatchObject({
        reason: 'unexpected_payment',
        state: expect.any(String),
      });
    }

    // The checkout the booking opened still settles it.
    await payCheckout(body.checkoutUrl!);
    expect(await waitForBooking(body.booking.id, (b) => b.status === 'completed')).toMatchObject({ paymentStatus: 'paid' });
  });

  it('leave alone a payment another seller on the Stripe account took: acknowledged, nothing refunded or written', async () => {
    // A payment link for a workshop, say: paid on the same account, without the site's mark.
    const workshop = await (
      await stripe()
    ).checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'gbp', unit_amount: 4500, product_data: { name: 'Spring workshop' } } },
      ],
      success_url: 'https://workshops.example.org/thanks',
      customer_email: 'workshop-buyer@example.org',
      metadata: { workshop: 'spring' },
    });
    await payCheckout(workshop.url!);
    const paid = await (await stripe()).checkout.sessions.retrieve(workshop.id);
    expect(paid.payment_status).toBe('paid');
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired']) {
      expect(await postWebhook(checkoutEvent(type, paid))).toEqual({ status: 200, body: { received: true } });
    }
    await settle();
    expect(await getRefund(paid.payment_intent as string)).toBeUndefined();
    expect(await getPayment(paid.id)).toBeUndefined();
    // The site's own checkouts carry its mark.
    const { body } = await book((await paidSession()).id, {});
    const opened = await (await stripe()).checkout.sessions.retrieve((await paymentOfBooking(body.booking.id)).checkoutSessionId);
    expect(opened.metadata).toMatchObject({ site: process.env.SITE_ID, bookingId: body.booking.id });
    // ...and take cards only, paid or refused at once: no bank debit keeps a seat held for days.
    expect(opened.payment_method_types).toEqual(['card']);
    expect(workshop.payment_method_types).not.toEqual(['card']);
  });

  it('are recorded by the reconciliation when their webhook never came (the endpoint disabled), once', async () => {
    const session = await paidSession();
    const email = newEmail('lost');
    const { body } = await book(session.id, { email });
    await setWebhookEndpoint(true);
    try {
      await payCheckout(body.checkoutUrl!);
    } finally {
      await setWebhookEndpoint(false);
    }
    await settle();
    expect(await waitForBooking(body.booking.id, () => true)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });

    expect(await reconcilePayments(new Date())).toBeGreaterThanOrEqual(1);
    expect(await waitForBooking(body.booking.id, (b) => b.status === 'completed')).toMatchObject({ paymentStatus: 'paid' });
    expect((await waitForEmails(email, 1)).map((m) => m.subject)).toEqual([`Booking confirmed: ${session.title}`]);
    // Recorded now, it is not recorded again.
    expect(await reconcilePayments(new Date())).toBe(0);
  });

  it('refuse a webhook with a bad, stale or missing signature, and write nothing', async () => {
    const session = await paidSession();
    const { body } = await book(session.id, {});
    const payload = checkoutEvent('checkout.session.completed', {
      id: (await paymentOfBooking(body.booking.id)).checkoutSessionId,
      client_reference_id: body.booking.id,
      payment_status: 'paid',
      payment_intent: `pi_test_${ulid()}`,
      amount_total: 1500,
      currency: 'gbp',
    });
    const forged = (await signedWebhook(payload)).replace(/v1=[0-9a-f]{4}/, 'v1=0000');
    const stale = await signedWebhook(payload, Math.floor(Date.now() / 1000) - 600);
    for (const signature of [forged, stale, 't=1,v1=abc']) {
      expect(await postWebhook(payload, signature)).toEqual({
        status: 400,
        body: { message: 'The Stripe signature does not match this request.' },
      });
    }
    const unsigned = await fetch(`${siteUrl}/api/stripe/webhook`, { method: 'POST', body: payload });
    expect(unsigned.status).toBe(400);
    await settle();
    expect(await waitForBooking(body.booking.id, () => true)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(await seats(session.id)).toEqual({ taken: 1, held: 1 });
  });

  it('show whoever holds the id what the confirmation page shows: no name, address, promo code or checkout', async () => {
    const session = await paidSession({ title: 'Private Breath', maxAttendees: 5 });
    const code = await createCode({ type: 'percentage', percentage: 10 });
    const email = newEmail('private');
    const { body } = await book(session.id, { firstName: 'Ada', lastName: 'Lovelace', email, discountCode: code });
    expect(body.checkoutUrl).toEqual(expect.any(String));

    const { status, body: shown } = await api<{ booking: Record<string, unknown> }>(`/bookings/${body.booking.id}`);
    expect(status).toBe(200);
    expect(shown).toEqual({
      booking: {
        id: body.booking.id,
        status: 'pending',
        paymentStatus: 'pending',
        price: { amount: 1350, currency: 'GBP' },
        holdExpiresAt: body.booking.holdExpiresAt,
        session: {
          id: session.id,
          title: 'Private Breath',
          startTime: session.startTime,
          endTime: expect.any(String),
          location: 'Online',
          place: 'Online',
          locationType: 'online',
          category: null,
        },
      },
    });
    const text = JSON.stringify(shown);
    for (const secret of ['Ada', 'Lovelace', email, code, body.checkoutUrl!, 'checkout']) expect(text).not.toContain(secret);
  });

  it('have a calendar entry, CONFIRMED, only once paid: none while pending or after the seat is released', async () => {
    const calendar = async (id: string) => {
      const response = await fetch(`${siteUrl}/api/bookings/${id}/calendar`);
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    };
    const session = await paidSession({ title: 'Calendar Breath' });
    const { body: paying } = await book(session.id, {});
    const { body: lapsing } = await book(session.id, {});

    const pending = await calendar(paying.booking.id);
    expect(pending).toMatchObject({ status: 409, type: expect.stringContaining('application/json') });
    expect(JSON.parse(pending.text)).toEqual({
      message: 'This booking is awaiting payment: its calendar entry comes once it is paid.',
    });

    await payCheckout(paying.checkoutUrl!);
    await waitForBooking(paying.booking.id, (b) => b.status === 'completed');
    const paid = await calendar(paying.booking.id);
    expect(paid).toMatchObject({ status: 200, type: expect.stringContaining('text/calendar') });
    expect(paid.text).toContain('SUMMARY:Calendar Breath');
    expect(paid.text).toContain('STATUS:CONFIRMED');

    await runOutHold(lapsing.booking.id);
    await releaseExpiredHolds(new Date());
    await waitForBooking(lapsing.booking.id, (b) => b.status === 'cancelled');
    expect(await calendar(lapsing.booking.id)).toMatchObject({
      status: 409,
      text: JSON.stringify({ message: 'This booking was cancelled, so it has no calendar entry.' }),
    });
  });

  it('refuse a signed event they cannot read with a 200 that ends Stripe retrying, and write nothing', async () => {
    const session = await paidSession();
    const { body } = await book(session.id, {});
    const before = await dynamo.send(new GetCommand({ TableName: tableName(), Key: bookingKey(body.booking.id) }));
    const paid = await paidCheckoutOf(body.booking.id);
    // All under the id of the payment's real event, which must still be handled when it comes.
    const eventId = `evt_test_${ulid()}`;
    const event = (change: (event: Record<string, unknown>) => void) => {
      const parsed = JSON.parse(checkoutEvent('checkout.session.completed', paid, eventId)) as Record<string, unknown>;
      change(parsed);
      return JSON.stringify(parsed);
    };
    // Each as signed by Stripe, and what the refusal says of it.
    const malformed: [string, string][] = [
      [event((e) => (e.data = {})), 'data.object must be an object'],
      [event((e) => (e.type = 42)), 'type must be text'],
      [
        event((e) => (e.data = { object: { ...paid, client_reference_id: 'x'.repeat(3000) } })),
        'data.object.client_reference_id must be at most 200 characters',
      ],
      [
        event((e) => (e.data = { object: { ...paid, payment_status: 1 } })),
        'data.object.payment_status must be paid, unpaid or no_payment_required',
      ],
      [event((e) => delete e.id), 'id must be text'],
      [`{"id": "${eventId}", "type": "checkout.session.completed", `, 'the body is not JSON'],
      ['null', 'the event must be an object'],
    ];
    for (const [payload, refused] of malformed) {
      expect(await postWebhook(payload)).toEqual({ status: 200, body: { received: true, refused } });
    }

    await settle();
    const after = await dynamo.send(new GetCommand({ TableName: tableName(), Key: bookingKey(body.booking.id) }));
    expect(after.Item).toEqual(before.Item);
    expect(await seats(session.id)).toEqual({ taken: 1, held: 1 });
    // The refusals recorded nothing under the event's id: the well-formed event is handled, not skipped as seen.
    expect(await postWebhook(checkoutEvent('checkout.session.completed', paid, eventId))).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await waitForBooking(body.booking.id, (b) => b.status === 'completed')).toMatchObject({ paymentStatus: 'paid' });
  });

  it('release an expired checkout once, whether the webhook or the sweep comes first', async () => {
    const session = await paidSession();
    const email = newEmail('expiring');
    const code = await createCode({ type: 'fixed_amount', amount: { amount: 500, currency: 'GBP' } }, { oneTime: true });
    const { body } = await book(session.id, { email, discountCode: code });
    expect(body.booking.price).toEqual({ amount: 1000, currency: 'GBP' });
    const stored = await dynamo.send(new GetCommand({ TableName: tableName(), Key: bookingKey(body.booking.id) }));
    await runOutHold(body.booking.id);
    await Promise.all([
      (await stripe()).checkout.sessions.expire(stored.Item!.checkoutSessionId as string),
      releaseExpiredHolds(new Date()),
    ]);
    expect(await waitForBooking(body.booking.id, (b) => b.status === 'cancelled')).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'cancelled',
      holdExpiresAt: null,
    });
    await settle();
    await releaseExpiredHolds(new Date());
    expect(await seats(session.id)).toEqual({ taken: 0, held: 0 });
    // The unpaid checkout did not use the one-time code; the address may book again.
    const code2 = await dynamo.send(new GetCommand({ TableName: tableName(), Key: discountCodeKey(code) }));
    expect(code2.Item!.timesUsed).toBe(0);
    expect((await waitForEmails(email, 1)).map((m) => m.subject)).toEqual([`Your checkout expired: ${session.title}`]);
    expect((await book(session.id, { email, discountCode: code })).status).toBe(201);
  });

  it('refund a payment that arrives after its hold was released and the seat taken, and never oversell', async () => {
    const session = await paidSession({ maxAttendees: 1 });
    const late = newEmail('late');
    const { body: first } = await book(session.id, { email: late });
    // The sweep releases the hold (Stripe's own expiry is still to come), and someone else takes the seat.
    await runOutHold(first.booking.id);
    expect(await releaseExpiredHolds(new Date())).toBeGreaterThanOrEqual(1);
    expect((await book(session.id, {})).status).toBe(201);
    await payCheckout(first.checkoutUrl!);

    expect(await waitForBooking(first.booking.id, (b) => b.paymentStatus === 'refunded')).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    const refundMail = (await waitForEmails(late, 2)).find((m) => m.subject.startsWith('Refunded:'));
    expect(refundMail?.body.text).toContain('Your payment of £15 arrived after the seat we held for you had been taken');
    const payment = await paymentOfBooking(first.booking.id);
    expect(payment).toMatchObject({ state: 'paid', subject: { kind: 'booking', id: first.booking.id } });
    const refunds = await (await stripe()).refunds.list({ payment_intent: payment.paymentIntentId });
    expect(refunds.data.map((r) => [r.amount, r.status])).toEqual([[1500, 'succeeded']]);
    expect(await getRefund(payment.paymentIntentId!)).toMatchObject({ state: 'sent', reason: 'late_payment' });
    expect(await seats(session.id)).toEqual({ taken: 1, held: 1 });
  });

  it("take a free seat again for a payment that arrives after its hold was released, counted as its network's again", async () => {
    // Four seats: one for each network.
    const session = await paidSession({ maxAttendees: 4 });
    const from = { 'cloudfront-viewer-address': `198.18.${Math.floor(Math.random() * 256)}.9:443` };
    const email = newEmail('lucky');
    const { body } = await book(session.id, { email }, from);
    await runOutHold(body.booking.id);
    await releaseExpiredHolds(new Date());
    expect(await seats(session.id)).toEqual({ taken: 0, held: 0 });
    await payCheckout(body.checkoutUrl!);
    expect(await waitForBooking(body.booking.id, (b) => b.status === 'completed')).toMatchObject({ paymentStatus: 'paid' });
    expect(await seats(session.id)).toEqual({ taken: 1, held: 0 });
    // The seat is the network's again, so its cancellation later gives back only what was counted.
    expect((await book(session.id, {}, from)).body.message).toBe(
      'Too many seats of this session are already booked from your network.',
    );
  });

  it('sync with Stripe: no payment found, updated, already paid', async () => {
    const admin = await signedInUser(newEmail('admin'), { admin: true });
    const sync = (id: string) =>
      api<{ outcome: string }>(`/admin/bookings/${id}/sync`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } });
    const session = await paidSession();
    const email = newEmail('synced');
    const { body } = await book(session.id, { email });
    expect((await sync(body.booking.id)).body).toEqual({ outcome: 'no_payment_found' });

    // A payment whose webhook never reached us: the checkout paid on Stripe's side, and what
    // the webhook recorded undone (the booking held again, its Payment open again).
    await payCheckout(body.checkoutUrl!);
    await waitForBooking(body.booking.id, (b) => b.status === 'completed');
    const { checkoutSessionId } = await paymentOfBooking(body.booking.id);
    await transactNamed({
      booking: {
        Update: {
          TableName: tableName(),
          Key: bookingKey(body.booking.id),
          UpdateExpression: 'SET #state = :held',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':held': 'held' },
        },
      },
      payment: {
        Update: {
          TableName: tableName(),
          Key: paymentKey(checkoutSessionId),
          UpdateExpression: 'SET #state = :open',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':open': 'open' },
        },
      },
      seat: seatCounters(session.id, { seatsHeld: 1 }),
    });
    expect(await waitForBooking(body.booking.id, () => true)).toMatchObject({ status: 'pending' });
    expect((await sync(body.booking.id)).body).toEqual({ outcome: 'updated' });
    expect(await waitForBooking(body.booking.id, () => true)).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect((await sync(body.booking.id)).body).toEqual({ outcome: 'already_paid' });
    await settle();
    expect((await waitForEmails(email, 1)).map((m) => m.subject)).toEqual([`Booking confirmed: ${session.title}`]);
    expect((await sync(ulid())).status).toBe(404);
  });

  it("let a member resume their pending booking's checkout, or replace it and release its seat", async () => {
    const email = newEmail('member');
    const token = await signedInUser(email);
    const asMember = { authorization: `Bearer ${token}` };
    const session = await paidSession({ maxAttendees: 3 });
    const { body: first } = await book(session.id, { email }, asMember);

    const again = await book(session.id, { email }, asMember);
    const conflict = again.body as unknown as PendingBookingConflict;
    expect(again.status).toBe(409);
    expect(conflict).toEqual({
      message: 'You already have a pending booking for this session.',
      pendingBookingId: first.booking.id,
    });

    // Their bookings list offers the way back to it too.
    const listed = await api<{ bookings: { id: string; checkoutUrl: string | null }[] }>('/me/bookings?status=all', {
      headers: asMember,
    });
    expect(listed.body.bookings.find((b) => b.id === first.booking.id)?.checkoutUrl).toBe(first.checkoutUrl);

    const resumed = await api<{ checkoutUrl: string }>(`/bookings/${first.booking.id}/checkout`, {
      method: 'POST',
      headers: asMember,
    });
    expect(resumed).toEqual({ status: 200, body: { checkoutUrl: first.checkoutUrl } });
    const stranger = await signedInUser(newEmail('stranger'));
    const theirs = await api(`/bookings/${first.booking.id}/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stranger}` },
    });
    expect(theirs.status).toBe(404);

    // Nobody else may cancel it, not even with the same address: its mailbox is sent the way back to it.
    expect(await book(session.id, { email })).toMatchObject({
      status: 409,
      body: {
        message:
          "This email address has a booking awaiting payment for this session. We've e-mailed you the link to complete it.",
      },
    });
    const [link] = await waitForEmails(email, 1);
    expect(link.subject).toBe(`Complete your booking: ${session.title}`);
    expect(link.body.text).toContain(`/booking-confirmation?bookingId=${first.booking.id}`);
    // The checkout itself, which the confirmation page no longer offers to whoever holds the id.
    expect(link.body.text).toContain(`Complete payment: ${first.checkoutUrl}`);
    const button = /<a href="([^"]*)"[^>]*>Complete payment<\/a>/.exec(link.body.html);
    expect(button?.[1].replaceAll('&amp;', '&')).toBe(first.checkoutUrl);
    const replaced = await book(session.id, { email, replacePending: first.booking.id }, asMember);
    expect(replaced.status).toBe(201);
    expect(replaced.body.booking.id).not.toBe(first.booking.id);
    expect(await waitForBooking(first.booking.id, () => true)).toMatchObject({ status: 'cancelled' });
    expect(await seats(session.id)).toEqual({ taken: 1, held: 1 });
    const old = await api<{ message: string }>(`/bookings/${first.booking.id}/checkout`, { method: 'POST', headers: asMember });
    expect(old).toEqual({ status: 409, body: { message: 'This booking can no longer be paid. Please book again.' } });
  });
});

describe('a visitor who leaves the checkout and books again', () => {
  it('replaces their pending booking by naming it, keeping their one-time code', async () => {
    const session = await paidSession({ maxAttendees: 2 });
    const code = await createCode({ type: 'percentage', percentage: 20 }, { oneTime: true });
    const email = newEmail('again');
    const { body: first } = await book(session.id, { email, discountCode: code });
    const { status, body } = await book(session.id, { email, discountCode: code, replacePending: first.booking.id });
    expect(status).toBe(201);
    expect(body.booking.price).toEqual({ amount: 1200, currency: 'GBP' });
    expect(await waitForBooking(first.booking.id, () => true)).toMatchObject({ status: 'cancelled' });
    expect(await seats(session.id)).toEqual({ taken: 1, held: 1 });
    const stored = await dynamo.send(new GetCommand({ TableName: tableName(), Key: discountCodeKey(code) }));
    expect(stored.Item!.timesUsed).toBe(1);
    // The old checkout is closed: its link can no longer be paid.
    const old = await dynamo.send(new GetCommand({ TableName: tableName(), Key: bookingKey(first.booking.id) }));
    expect((await (await stripe()).checkout.sessions.retrieve(old.Item!.checkoutSessionId as string)).status).toBe('expired');
  });

  it('charges nothing for what a code leaves below the smallest card payment', async () => {
    const session = await paidSession();
    const code = await createCode({ type: 'percentage', percentage: 99 });
    const { status, body } = await book(session.id, { discountCode: code });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      booking: { status: 'completed', paymentStatus: 'free', price: { amount: 0 } },
      checkoutUrl: null,
    });
  });
});

describe('a visitor who cancels on the checkout page', () => {
  const cancelCheckout = (bookingId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api<{ released: boolean; message?: string }>(`/bookings/${bookingId}/checkout/cancel`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers,
    });

  it('gives the seat back at once, closes the checkout, and is sent no e-mail', async () => {
    const session = await paidSession({ maxAttendees: 1 });
    const code = await createCode({ type: 'percentage', percentage: 20 }, { oneTime: true });
    const email = newEmail('changed-mind');
    const { body: first } = await book(session.id, { email, discountCode: code });
    // The last seat is held: nobody else can book it meanwhile.
    expect((await book(session.id, {})).status).toBe(409);

    // Only with the booking's own token.
    const wrongToken = `${first.booking.id}-${'x'.repeat(22)}`;
    expect(await cancelCheckout(first.booking.id, { token: wrongToken })).toEqual({
      status: 404,
      body: { message: 'Booking not found' },
    });
    expect(await cancelCheckout(first.booking.id, {})).toMatchObject({ status: 404 });
    expect(await seats(session.id)).toEqual({ taken: 1, held: 1 });

    expect(await cancelCheckout(first.booking.id, { token: first.manageToken })).toEqual({
      status: 200,
      body: { released: true },
    });
    expect(await getBooking(first.booking.id)).toMatchObject({
      state: 'released',
      endReason: 'checkout_cancelled',
      endedBy: 'visitor',
    });
    expect(await seats(session.id)).toEqual({ taken: 0, held: 0 });
    const closed = await (
      await stripe()
    ).checkout.sessions.retrieve((await paymentOfBooking(first.booking.id)).checkoutSessionId);
    expect(closed.status).toBe('expired');
    // Where Stripe sent the visitor back: the session's page, naming the booking it gives up.
    expect(closed.cancel_url).toBe(`${siteUrl}/sessions/${session.id}?checkout=cancelled&booking=${first.booking.id}`);
    const stored = await dynamo.send(new GetCommand({ TableName: tableName(), Key: discountCodeKey(code) }));
    expect(stored.Item!.timesUsed).toBe(0);
    // Done once: the page asking again releases nothing more.
    expect(await cancelCheckout(first.booking.id, { token: first.manageToken })).toEqual({
      status: 200,
      body: { released: false },
    });

    // The seat is anyone's again, the one-time code usable again.
    const next = await book(session.id, { discountCode: code });
    expect(next.status).toBe(201);
    await settle();
    expect(await waitForBooking(first.booking.id, () => true)).toMatchObject({ status: 'cancelled' });
    expect((await sentEmails()).filter((mail) => mail.destination.to.includes(email))).toEqual([]);
  });

  it("keeps the seat of a checkout that was paid, and a member's own is theirs to cancel", async () => {
    const session = await paidSession({ maxAttendees: 3 });
    const paid = await book(session.id, {});
    await payCheckout(paid.body.checkoutUrl!);
    await waitForBooking(paid.body.booking.id, (booking) => booking.status === 'completed');
    expect(await cancelCheckout(paid.body.booking.id, { token: paid.body.manageToken })).toEqual({
      status: 200,
      body: { released: false },
    });
    expect(await getBooking(paid.body.booking.id)).toMatchObject({ state: 'confirmed' });

    const email = newEmail('member-leaving');
    const asMember = { authorization: `Bearer ${await signedInUser(email)}` };
    const { body: pending } = await book(session.id, { email }, asMember);
    const stranger = { authorization: `Bearer ${await signedInUser(newEmail('stranger'))}` };
    expect(await cancelCheckout(pending.booking.id, {}, stranger)).toMatchObject({ status: 404 });
    expect(await cancelCheckout(pending.booking.id, {}, asMember)).toEqual({ status: 200, body: { released: true } });
    expect(await seats(session.id)).toEqual({ taken: 1, held: 0 });
  });
});
