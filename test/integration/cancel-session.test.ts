import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { getBooking } from '../../functions/domain/records/bookings';
import { getPayment } from '../../functions/domain/records/payment-records';
import type { CancellationPreview, SessionCancellationReceipt } from '../../functions/schemas/admin-session';
import type { BookingReceipt } from '../../functions/schemas/booking';
import type { SessionView } from '../../functions/schemas/session';
import { api, waitForEmails } from '../support/stack';
import { createCode } from '../support/discounts';
import { createSession } from '../support/sessions';
import { signedInUser } from '../support/users';
import { payCheckout, stripe, waitForBooking } from '../support/stripe';

const newEmail = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;

let adminToken: string | undefined;
async function asAdmin<T>(path: string, init: RequestInit = {}) {
  adminToken ??= await signedInUser(newEmail('admin'), { admin: true });
  return api<T & { message?: string; errors?: { field: string; message: string }[] }>(`/admin${path}`, {
    ...init,
    headers: { authorization: `Bearer ${adminToken}` },
  });
}

const book = (sessionId: string, email: string, discountCode?: string) =>
  api<BookingReceipt>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Cass', lastName: 'Cancelled', email, ...(discountCode && { discountCode }) }),
  });
const joinWaitlist = (sessionId: string, email: string) =>
  api(`/sessions/${sessionId}/waitlist`, {
    method: 'POST',
    body: JSON.stringify({ name: 'Wyn Waiting', email, phone: '+44 7700 900123' }),
  });

describe('cancelling a session in one step', () => {
  it('refunds the paid booking once, releases the unpaid one, e-mails everyone booked or waiting, and says so on its page', async () => {
    const session = await createSession({
      title: `Called Off ${ulid()}`,
      maxAttendees: 3,
      priceAmount: 1800,
      priceCurrency: 'GBP',
    });
    const paid = newEmail('paid');
    const free = newEmail('free');
    const unpaid = newEmail('unpaid');
    const waiting = newEmail('waiting');
    const paidBooking = (await book(session.id, paid)).body;
    await payCheckout(paidBooking.checkoutUrl!);
    await waitForBooking(paidBooking.booking.id, (b) => b.status === 'completed');
    const freeBooking = (await book(session.id, free, await createCode({ type: 'percentage', percentage: 100 }))).body;
    expect(freeBooking.booking).toMatchObject({ status: 'completed', paymentStatus: 'free' });
    const unpaidBooking = (await book(session.id, unpaid)).body;
    expect(unpaidBooking.booking.status).toBe('pending');
    expect((await joinWaitlist(session.id, waiting)).status).toBe(201);

    const preview = await asAdmin<CancellationPreview>(`/sessions/${session.id}/cancellation`);
    expect(preview.body).toEqual({
      cancelled: false,
      attendees: 2,
      paidBookings: 1,
      refundTotal: [{ amount: 1800, currency: 'GBP' }],
      unpaidBookings: 1,
      waiting: 1,
    });

    // Twice at once, as a double click would: one cancellation, and one asking again.
    const message = 'I have lost my voice.\nWe will meet next month.';
    const answers = await Promise.all(
      [1, 2].map(() =>
        asAdmin<SessionCancellationReceipt>(`/sessions/${session.id}/cancel`, {
          method: 'POST',
          body: JSON.stringify({ message }),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(['again', 'cancelled']);

    // Its page says so, and nothing more can be booked or joined.
    const page = await api<{ session: SessionView }>(`/sessions/${session.id}`);
    expect(page.body.session.cancelled).toBe(true);
    expect((await book(session.id, newEmail('late'))).body).toMatchObject({ message: 'This session has been cancelled.' });
    expect((await joinWaitlist(session.id, newEmail('late'))).status).toBe(409);
    const listed = await api<{ sessions: SessionView[] }>('/sessions');
    expect(listed.body.sessions.map((s) => s.id)).not.toContain(session.id);

    const [paidNotice] = (await waitForEmails(paid, 2)).filter((m) => m.subject === `Session cancelled: ${session.title}`);
    expect(paidNotice.body.text).toContain('We are sorry: the teacher has had to cancel this session.');
    expect(paidNotice.body.text).toContain('I have lost my voice.');
    expect(paidNotice.body.text).toContain('We are refunding your payment of £18 in full');
    const [freeNotice] = (await waitForEmails(free, 2)).filter((m) => m.subject === `Session cancelled: ${session.title}`);
    expect(freeNotice.body.text).not.toContain('refunding');
    const [unpaidNotice] = (await waitForEmails(unpaid, 1)).filter((m) => m.subject === `Session cancelled: ${session.title}`);
    expect(unpaidNotice.body.text).toContain('nothing has been charged');
    const [waitingNotice] = (await waitForEmails(waiting, 2)).filter((m) => m.subject === `Session cancelled: ${session.title}`);
    expect(waitingNotice.body.text).toContain('You are no longer on the waitlist for this session.');

    expect(await waitForBooking(paidBooking.booking.id, (b) => b.paymentStatus === 'refunded')).toMatchObject({
      status: 'cancelled',
    });
    const stored = (await getBooking(paidBooking.booking.id))!;
    const payment = (await getPayment(stored.checkoutSessionId!))!;
    const refunds = await (await stripe()).refunds.list({ payment_intent: payment.paymentIntentId });
    expect(refunds.data.map((r) => r.amount)).toEqual([1800]);
    const released = (await getBooking(unpaidBooking.booking.id))!;
    expect(released.state).toBe('released');
    // Its checkout closed: the link it was sent can no longer be paid.
    expect((await (await stripe()).checkout.sessions.retrieve(released.checkoutSessionId!)).status).toBe('expired');
    expect(await getBooking(freeBooking.booking.id)).toMatchObject({ state: 'cancelled', endReason: 'session_cancelled' });

    // Asked again once all is done: nothing is ended, refunded or sent twice.
    const again = await asAdmin<SessionCancellationReceipt>(`/sessions/${session.id}/cancel`, { method: 'POST', body: '{}' });
    expect(again.body.outcome).toBe('again');
    expect((await asAdmin<CancellationPreview>(`/sessions/${session.id}/cancellation`)).body).toMatchObject({
      cancelled: true,
      attendees: 0,
      unpaidBookings: 0,
      waiting: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await (await stripe()).refunds.list({ payment_intent: payment.paymentIntentId })).data).toHaveLength(1);
    expect((await waitForEmails(paid, 3, 500)).filter((m) => m.subject.startsWith('Session cancelled'))).toHaveLength(1);
    expect((await waitForEmails(waiting, 3, 500)).filter((m) => m.subject.startsWith('Session cancelled'))).toHaveLength(1);
  });

  it('refuses a session that has started, a draft, and a message that is too long; a visitor may not ask', async () => {
    const started = await createSession({ startTime: new Date(Date.now() - 60_000).toISOString() });
    expect((await asAdmin(`/sessions/${started.id}/cancel`, { method: 'POST', body: '{}' })).body.message).toBe(
      'A session that has started cannot be cancelled.',
    );
    const draft = await createSession({ draft: true });
    expect((await asAdmin(`/sessions/${draft.id}/cancel`, { method: 'POST', body: '{}' })).status).toBe(409);
    const upcoming = await createSession();
    const tooLong = await asAdmin(`/sessions/${upcoming.id}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ message: 'x'.repeat(2001) }),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ field: 'body.message', message: 'Message is too long' }]);
    expect((await api(`/admin/sessions/${upcoming.id}/cancel`, { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await api<{ session: SessionView }>(`/sessions/${upcoming.id}`)).body.session.cancelled).toBe(false);
    expect((await asAdmin(`/sessions/${ulid()}/cancellation`)).status).toBe(404);
  });
});
