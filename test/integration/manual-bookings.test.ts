import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { ManualBookingReceipt } from '../../functions/schemas/admin-session';
import type { AdminOrderPage } from '../../functions/schemas/order';
import type { SessionView } from '../../functions/schemas/session';
import { api, waitForEmails } from '../support/stack';
import { createSession, seatsTaken } from '../support/sessions';
import { signedInUser } from '../support/users';

const newEmail = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;

let adminToken: string | undefined;
async function asAdmin<T>(path: string, init: RequestInit = {}) {
  adminToken ??= await signedInUser(newEmail('door'), { admin: true });
  return api<T & { message?: string; code?: string; errors?: { field: string; message: string }[] }>(`/admin${path}`, {
    ...init,
    headers: { authorization: `Bearer ${adminToken}` },
  });
}
const addAttendee = (sessionId: string, fields: Record<string, unknown>) =>
  asAdmin<ManualBookingReceipt>(`/sessions/${sessionId}/attendees`, { method: 'POST', body: JSON.stringify(fields) });

describe('bookings the administrator enters herself', () => {
  it('takes a seat at the session price for cash, none for a complimentary place, e-mails the confirmation, and shows how it was paid', async () => {
    const session = await createSession({
      title: `At The Door ${ulid()}`,
      maxAttendees: 2,
      priceAmount: 1500,
      priceCurrency: 'GBP',
    });
    const cash = newEmail('cash');
    const paid = await addAttendee(session.id, { firstName: 'Cass', lastName: 'Cash', email: cash, payment: 'cash' });
    expect(paid.status).toBe(201);
    expect(paid.body.attendeeName).toBe('Cass Cash');
    const guest = newEmail('guest');
    expect(
      (await addAttendee(session.id, { firstName: 'Gil', lastName: 'Guest', email: guest, payment: 'complimentary' })).status,
    ).toBe(201);
    expect(await seatsTaken(session.id)).toBe(2);

    const [confirmation] = await waitForEmails(cash, 1);
    expect(confirmation.subject).toBe(`Booking confirmed: ${session.title}`);
    expect(confirmation.body.text).toMatch(/\/manage\/[\w.-]+/);
    expect(confirmation.attachments[0].contentType).toContain('text/calendar');
    expect(Buffer.from(confirmation.attachments[0].content, 'base64').toString()).toContain(`SUMMARY:${session.title}`);

    const orders = await asAdmin<AdminOrderPage>(`/orders?sessionId=${session.id}`);
    expect(orders.body.orders.map((order) => [order.name, order.paymentStatus, order.price.amount, order.paidBy])).toEqual([
      ['Cass Cash', 'paid', 1500, 'cash'],
      ['Gil Guest', 'free', 0, 'complimentary'],
    ]);

    // Sold out is sold out, unless she says so; the same address is never booked twice.
    const full = await addAttendee(session.id, {
      firstName: 'Fay',
      lastName: 'Full',
      email: newEmail('full'),
      payment: 'bank_transfer',
    });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ message: 'This session is full: all 2 seats are taken.', code: 'session-full' });
    const beyond = await addAttendee(session.id, {
      firstName: 'Fay',
      lastName: 'Full',
      email: newEmail('beyond'),
      payment: 'bank_transfer',
      beyondCapacity: true,
    });
    expect(beyond.status).toBe(201);
    expect(await seatsTaken(session.id)).toBe(3);
    const shown = await api<{ session: SessionView }>(`/sessions/${session.id}`);
    expect(shown.body.session).toMatchObject({ seatsLeft: 0, soldOut: true });
    const twice = await addAttendee(session.id, {
      firstName: 'Cass',
      lastName: 'Cash',
      email: cash,
      payment: 'cash',
      beyondCapacity: true,
    });
    expect(twice.body.message).toBe('This email address already has a booking for this session.');
  });

  it('adds a late arrival after the start, but not once the session has ended, nor to a cancelled one; says what is missing', async () => {
    const started = await createSession({ startTime: new Date(Date.now() - 10 * 60_000).toISOString(), durationMinutes: 60 });
    expect(
      (await addAttendee(started.id, { firstName: 'Lee', lastName: 'Late', email: newEmail('late'), payment: 'cash' })).status,
    ).toBe(201);
    const ended = await createSession({ startTime: new Date(Date.now() - 2 * 3_600_000).toISOString(), durationMinutes: 60 });
    expect(
      (await addAttendee(ended.id, { firstName: 'Eve', lastName: 'Ended', email: newEmail('ended'), payment: 'cash' })).body
        .message,
    ).toBe('This session has ended.');
    const wrong = await addAttendee(started.id, { firstName: '', lastName: 'Late', email: 'nope', payment: 'cheque' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.map((error) => error.field).sort()).toEqual(['body.email', 'body.firstName', 'body.payment']);
    expect((await api(`/admin/sessions/${started.id}/attendees`, { method: 'POST', body: '{}' })).status).toBe(401);
  });
});
