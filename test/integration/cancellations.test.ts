import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { bookingKey } from '../../functions/domain/records/keys';
import { getPayment, getRefund } from '../../functions/domain/records/payment-records';
import {
  cancellableUntil,
  type BookingReceipt,
  type CancellationReceipt,
  type ManagedBooking,
} from '../../functions/schemas/booking';
import { api, waitForEmails } from '../support/stack';
import { createSession, seatsTaken } from '../support/sessions';
import { expiredCopyOf, signedInUser } from '../support/users';
import { payCheckout, stripe, waitForBooking } from '../support/stripe';

const newEmail = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;
const asMember = (token: string) => ({ authorization: `Bearer ${token}` });

async function memberBooking(sessionId: string, email: string, token: string) {
  const { status, body } = await api<BookingReceipt>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Mira', lastName: 'Member', email }),
    headers: asMember(token),
  });
  expect(status).toBe(201);
  return body;
}

const cancel = (bookingId: string, token?: string) =>
  api<CancellationReceipt & { message?: string }>(`/bookings/${bookingId}/cancel`, {
    method: 'POST',
    headers: token ? asMember(token) : {},
  });

describe('a member cancelling a booking', () => {
  it('frees the seat once, however often they ask, and takes the session off their calendar', async () => {
    const session = await createSession({ maxAttendees: 1 });
    const email = newEmail('cancels');
    const token = await signedInUser(email);
    const { booking } = await memberBooking(session.id, email, token);
    expect(await seatsTaken(session.id)).toBe(1);

    const answers = await Promise.all([cancel(booking.id, token), cancel(booking.id, token)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(['already_cancelled', 'cancelled']);
    expect(answers[0].body.booking).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
    expect((await cancel(booking.id, token)).body.outcome).toBe('already_cancelled');
    expect(await seatsTaken(session.id)).toBe(0);
    const stored = await dynamo.send(new GetCommand({ TableName: tableName(), Key: bookingKey(booking.id) }));
    expect(stored.Item).toMatchObject({ state: 'cancelled', endReason: 'cancelled', endedBy: 'member' });

    const mails = await waitForEmails(email, 2);
    const notice = mails.find((m) => m.subject === `Booking cancelled: ${session.title}`);
    expect(notice?.body.text).toContain('Your seat is free for someone else.');
    const attached = notice!.attachments.find((a) => a.filename === 'session.ics')!.content;
    const calendar = Buffer.from(attached, 'base64').toString('utf8');
    expect(calendar).toContain('METHOD:CANCEL');
    expect(calendar).toContain(`UID:${booking.id}@breathwork`);
    expect(calendar).toContain('STATUS:CANCELLED');

    // The seat is free for someone else, and the member may book it again.
    const again = await memberBooking(session.id, email, token);
    expect(again.booking.status).toBe('completed');
  });

  it('refunds a paid booking once, through its Refund, and says so', async () => {
    const session = await createSession({ title: `Paid ${ulid()}`, priceAmount: 2000, priceCurrency: 'GBP' });
    const email = newEmail('refunded');
    const token = await signedInUser(email);
    const held = await memberBooking(session.id, email, token);
    await payCheckout(held.checkoutUrl!);
    await waitForBooking(held.booking.id, (b) => b.status === 'completed');

    expect((await cancel(held.booking.id, token)).body.outcome).toBe('cancelled');
    expect(await waitForBooking(held.booking.id, (b) => b.paymentStatus === 'refunded')).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    const stored = await dynamo.send(new GetCommand({ TableName: tableName(), Key: bookingKey(held.booking.id) }));
    const payment = (await getPayment(stored.Item!.checkoutSessionId as string))!;
    expect(await getRefund(payment.paymentIntentId!)).toMatchObject({ state: 'sent', reason: 'cancelled' });
    const refunds = await (await stripe()).refunds.list({ payment_intent: payment.paymentIntentId });
    expect(refunds.data.map((r) => r.amount)).toEqual([2000]);
    expect((await cancel(held.booking.id, token)).body.outcome).toBe('already_cancelled');
    const notice = (await waitForEmails(email, 2)).find((m) => m.subject.startsWith('Booking cancelled'));
    expect(notice?.body.text).toContain('We are refunding your payment of £20 in full');
  });

  it('is refused after the cut-off, for a booking awaiting payment, for someone else, without signing in, and to a sign-in that ran out', async () => {
    const soon = await createSession({ startTime: new Date(Date.now() + 6 * 3_600_000).toISOString() });
    const email = newEmail('late');
    const token = await signedInUser(email);
    const { booking } = await memberBooking(soon.id, email, token);
    const late = await cancel(booking.id, token);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^This booking can no longer be cancelled: cancellation closed /);
    expect(await seatsTaken(soon.id)).toBe(1);

    const paid = await createSession({ priceAmount: 1500, priceCurrency: 'GBP' });
    const pending = await memberBooking(paid.id, email, token);
    expect(await cancel(pending.booking.id, token)).toMatchObject({
      status: 409,
      body: { message: 'Only a confirmed booking can be cancelled.' },
    });

    const other = await signedInUser(newEmail('other'));
    expect((await cancel(booking.id, other)).status).toBe(404);
    expect((await cancel(booking.id)).status).toBe(404);
    // A member whose sign-in ran out is told so (the site signs them in again), not that their booking is gone.
    expect(await cancel(booking.id, await expiredCopyOf(token))).toMatchObject({
      status: 401,
      body: { message: 'Unauthorized' },
    });
  });
});

const cancelAsGuest = (bookingId: string, token: string, headers: Record<string, string> = {}) =>
  api<CancellationReceipt & { message?: string }>(`/bookings/${bookingId}/cancel`, {
    method: 'POST',
    body: JSON.stringify({ token }),
    headers,
  });

async function guestBooking(sessionId: string, email: string) {
  const { status, body } = await api<BookingReceipt>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Gus', lastName: 'Guest', email }),
  });
  expect(status).toBe(201);
  expect(body.manageToken).toMatch(new RegExp(`^${body.booking.id}-[\\w-]{22}$`));
  return body;
}

const storedBooking = async (id: string) =>
  (await dynamo.send(new GetCommand({ TableName: tableName(), Key: bookingKey(id), ConsistentRead: true }))).Item!;

describe('a guest cancelling with the link from their e-mail', () => {
  it('sees the booking and its terms, cancels once, and nobody without the link can', async () => {
    const session = await createSession({ maxAttendees: 1, zoomLink: 'https://zoom.us/j/777' });
    const email = newEmail('guest');
    const { booking, manageToken } = await guestBooking(session.id, email);
    const confirmation = (await waitForEmails(email, 1)).find((m) => m.subject.startsWith('Booking confirmed'));
    expect(confirmation?.body.text).toContain(`/manage/${manageToken}`);
    expect(confirmation?.body.html).toContain(`/manage/${manageToken}`);
    expect(confirmation?.body.text).toMatch(/Free cancellation until /);

    const managed = await api<ManagedBooking>(`/manage/${manageToken}`);
    expect(managed).toMatchObject({
      status: 200,
      body: {
        booking: { id: booking.id, status: 'completed', paymentStatus: 'free', session: { title: session.title } },
        attendeeName: 'Gus Guest',
        attendeeEmail: email,
        // The guest's own page takes them into the online session while they hold a place, from
        // its starting-soon time (30 minutes before): days ahead, it says when.
        joinLink: null,
        joinLinkFrom: new Date(Date.parse(session.startTime) - 30 * 60_000).toISOString(),
        cancellation: { until: cancellableUntil(session.startTime), closed: null },
      },
    });

    // A forged secret and an unknown booking get the same answer: it tells nothing.
    const forged = `${booking.id}-${'A'.repeat(22)}`;
    const unknown = await api(`/manage/${ulid()}-${'A'.repeat(22)}`);
    expect(unknown.status).toBe(404);
    expect(await api(`/manage/${forged}`)).toEqual(unknown);
    expect((await cancelAsGuest(booking.id, forged)).status).toBe(404);
    // The link of another booking cancels only that one; a member who is not the guest gets nothing either.
    const other = await guestBooking((await createSession()).id, newEmail('other-guest'));
    expect((await cancelAsGuest(booking.id, other.manageToken!)).status).toBe(404);
    expect((await cancel(booking.id, await signedInUser(newEmail('stranger')))).status).toBe(404);
    expect(await seatsTaken(session.id)).toBe(1);
    expect(await storedBooking(booking.id)).toMatchObject({ state: 'confirmed' });
    expect(await storedBooking(other.booking.id)).toMatchObject({ state: 'confirmed' });

    const answers = await Promise.all([cancelAsGuest(booking.id, manageToken!), cancelAsGuest(booking.id, manageToken!)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(['already_cancelled', 'cancelled']);
    expect((await cancelAsGuest(booking.id, manageToken!)).body.outcome).toBe('already_cancelled');
    expect(await seatsTaken(session.id)).toBe(0);
    expect(await storedBooking(booking.id)).toMatchObject({ state: 'cancelled', endReason: 'cancelled', endedBy: 'guest' });
    expect((await api<ManagedBooking>(`/manage/${manageToken}`)).body).toMatchObject({
      booking: { status: 'cancelled' },
      cancellation: { closed: 'ended' },
      joinLink: null,
      refund: null,
    });

    // The member's e-mail, once: the seat freed and the calendar entry taken back.
    await waitForEmails(email, 2);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const notices = (await waitForEmails(email, 2)).filter((m) => m.subject === `Booking cancelled: ${session.title}`);
    expect(notices).toHaveLength(1);
    expect(notices[0].body.text).toContain('Your seat is free for someone else.');
    const calendar = Buffer.from(notices[0].attachments.find((a) => a.filename === 'session.ics')!.content, 'base64');
    expect(calendar.toString('utf8')).toContain('METHOD:CANCEL');
  });

  it('is refunded once for a paid booking, and says so', async () => {
    const session = await createSession({ title: `Paid ${ulid()}`, priceAmount: 2500, priceCurrency: 'GBP' });
    const email = newEmail('paying-guest');
    const held = await guestBooking(session.id, email);
    expect((await api<ManagedBooking>(`/manage/${held.manageToken}`)).body.cancellation.closed).toBe('not-confirmed');
    expect((await cancelAsGuest(held.booking.id, held.manageToken!)).status).toBe(409);
    await payCheckout(held.checkoutUrl!);
    await waitForBooking(held.booking.id, (b) => b.status === 'completed');

    const answers = await Promise.all([
      cancelAsGuest(held.booking.id, held.manageToken!),
      cancelAsGuest(held.booking.id, held.manageToken!),
    ]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(['already_cancelled', 'cancelled']);
    // The manage page says the money is going back from the moment it is owed, before Stripe is asked.
    const owed = { amount: 2500, currency: 'GBP' };
    expect((await api<ManagedBooking>(`/manage/${held.manageToken}`)).body.refund).toEqual({
      amount: owed,
      state: expect.stringMatching(/^(owed|sent)$/),
    });
    expect(await waitForBooking(held.booking.id, (b) => b.paymentStatus === 'refunded')).toMatchObject({ status: 'cancelled' });
    expect(await storedBooking(held.booking.id)).toMatchObject({ state: 'refunded', refundAmount: owed });
    expect((await api<ManagedBooking>(`/manage/${held.manageToken}`)).body.refund).toEqual({ amount: owed, state: 'sent' });
    expect((await cancelAsGuest(held.booking.id, held.manageToken!)).body.outcome).toBe('already_cancelled');
    const payment = (await getPayment((await storedBooking(held.booking.id)).checkoutSessionId as string))!;
    expect(await getRefund(payment.paymentIntentId!)).toMatchObject({ state: 'sent', reason: 'cancelled' });
    const refunds = await (await stripe()).refunds.list({ payment_intent: payment.paymentIntentId });
    expect(refunds.data.map((r) => r.amount)).toEqual([2500]);
    const notice = (await waitForEmails(email, 2)).find((m) => m.subject.startsWith('Booking cancelled'));
    expect(notice?.body.text).toContain('We are refunding your payment of £25 in full');
  });

  it('is refused after the cut-off, which the manage page says, and changes nothing', async () => {
    const soon = await createSession({ startTime: new Date(Date.now() + 6 * 3_600_000).toISOString() });
    const { booking, manageToken } = await guestBooking(soon.id, newEmail('late-guest'));
    expect((await api<ManagedBooking>(`/manage/${manageToken}`)).body.cancellation).toEqual({
      until: cancellableUntil(soon.startTime),
      closed: 'cut-off',
    });
    const late = await cancelAsGuest(booking.id, manageToken!);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^This booking can no longer be cancelled: cancellation closed /);
    expect(await seatsTaken(soon.id)).toBe(1);
    expect(await storedBooking(booking.id)).toMatchObject({ state: 'confirmed' });
  });
});
