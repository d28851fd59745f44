import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { BookingReceipt } from '../../functions/schemas/booking';
import type { AdminOrder, AdminOrderDetail, AdminOrderPage } from '../../functions/schemas/order';
import { getSession } from '../../functions/domain/records/sessions';
import { api, waitForEmails } from '../support/stack';
import { signedInUser } from '../support/users';
import { createSession } from '../support/sessions';
import { payCheckout, waitForBooking } from '../support/stripe';

let adminToken: string | undefined;
async function asAdmin<T>(path: string, init: RequestInit = {}) {
  adminToken ??= await signedInUser(`admin-${ulid().toLowerCase()}@example.com`, { admin: true });
  return api<T & { message?: string }>(`/admin${path}`, { ...init, headers: { authorization: `Bearer ${adminToken}` } });
}
const setStatus = (id: string, paymentStatus: string) =>
  asAdmin<AdminOrder>(`/orders/${id}/status`, { method: 'POST', body: JSON.stringify({ paymentStatus }) });

async function heldBooking(sessionId: string) {
  const email = `order-${ulid().toLowerCase()}@example.com`;
  const { body } = await api<BookingReceipt>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Ola', lastName: 'Order', email }),
  });
  expect(body.booking.status).toBe('pending');
  return { id: body.booking.id, email, checkoutUrl: body.checkoutUrl! };
}

describe("the administrator's orders", () => {
  it("lists orders newest first, or one session's", async () => {
    const session = await createSession({ priceAmount: 1200 });
    const first = await heldBooking(session.id);
    const second = await heldBooking(session.id);
    const newest = await asAdmin<AdminOrderPage>('/orders?limit=5');
    const ids = newest.body.orders.map((o) => o.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    // The next page goes on where the first stopped.
    const onePage = await asAdmin<AdminOrderPage>('/orders?limit=1');
    const next = await asAdmin<AdminOrderPage>(`/orders?limit=1&cursor=${onePage.body.nextCursor}`);
    expect(next.status).toBe(200);
    expect(next.body.orders[0].id).not.toBe(onePage.body.orders[0].id);
    const ofSession = await asAdmin<AdminOrderPage>(`/orders?sessionId=${session.id}`);
    expect(ofSession.body.orders.map((o) => o.id)).toEqual([first.id, second.id]);
    expect(ofSession.body.orders[0]).toMatchObject({
      kind: 'booking',
      status: 'pending',
      paymentStatus: 'pending',
      email: first.email,
    });
  });

  it('marks a booking awaiting payment paid once, with its e-mail; never back to pending', async () => {
    const session = await createSession({ priceAmount: 1200, maxAttendees: 3 });
    const held = await heldBooking(session.id);
    // Two at once: one confirms it; the other finds it confirmed (200) or lost the race to it (409).
    const answers = await Promise.all([setStatus(held.id, 'paid'), setStatus(held.id, 'paid')]);
    expect(answers.map((a) => a.status)).toContain(200);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(await waitForBooking(held.id, (b) => b.status === 'completed')).toMatchObject({ paymentStatus: 'paid' });
    expect((await setStatus(held.id, 'paid')).status).toBe(200);
    expect(await setStatus(held.id, 'pending')).toMatchObject({ status: 409 });
    expect(await getSession(session.id)).toMatchObject({ seatsTaken: 1, seatsHeld: 0 });
    const mails = await waitForEmails(held.email, 1);
    expect(mails.filter((m) => m.subject === `Booking confirmed: ${session.title}`)).toHaveLength(1);

    // Sent again on request.
    expect((await asAdmin(`/orders/${held.id}/resend-confirmation`, { method: 'POST', body: '{}' })).status).toBe(202);
    expect((await waitForEmails(held.email, 2)).filter((m) => m.subject === `Booking confirmed: ${session.title}`)).toHaveLength(
      2,
    );

    // The order's history: who did what, newest first; the refused change left no entry.
    const detail = await asAdmin<AdminOrderDetail>(`/orders/${held.id}`);
    expect(detail.body.order).toMatchObject({ id: held.id, paymentStatus: 'paid' });
    expect(detail.body.history.map((entry) => entry.action)).toEqual(['booking.confirmation-resent', 'booking.status-changed']);
    expect(detail.body.history[1]).toMatchObject({
      data: { paymentStatus: 'paid' },
      actor: { email: expect.stringMatching(/^admin-/) },
    });
  });

  it('waives the price of one, and cancels another awaiting payment, its seat released', async () => {
    const session = await createSession({ priceAmount: 1200, maxAttendees: 3 });
    const waived = await heldBooking(session.id);
    expect((await setStatus(waived.id, 'free')).body).toMatchObject({
      status: 'completed',
      paymentStatus: 'free',
      price: { amount: 0 },
    });
    const dropped = await heldBooking(session.id);
    expect((await setStatus(dropped.id, 'cancelled')).body).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
    expect(await getSession(session.id)).toMatchObject({ seatsTaken: 1, seatsHeld: 0 });
  });

  it('refunds a paid booking in full, once, and releases its seat', async () => {
    const session = await createSession({ priceAmount: 1500, maxAttendees: 2 });
    const held = await heldBooking(session.id);
    await payCheckout(held.checkoutUrl);
    await waitForBooking(held.id, (b) => b.status === 'completed');
    expect((await asAdmin(`/orders/${held.id}/refund`, { method: 'POST', body: '{}' })).status).toBe(200);
    expect(await waitForBooking(held.id, (b) => b.paymentStatus === 'refunded')).toMatchObject({ status: 'cancelled' });
    expect((await asAdmin(`/orders/${held.id}/refund`, { method: 'POST', body: '{}' })).status).toBe(409);
    expect(await getSession(session.id)).toMatchObject({ seatsTaken: 0 });
    // Its history says it was refunded, once.
    const detail = await asAdmin<AdminOrderDetail>(`/orders/${held.id}`);
    expect(detail.body.history.map((entry) => entry.action)).toEqual(['booking.refunded']);
  });
});
