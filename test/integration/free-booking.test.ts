import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { BookingView } from '../../functions/schemas/booking';
import { api, siteUrl, waitForEmails } from '../support/stack';
import { bookingsOf, createSession, seatsTaken } from '../support/sessions';

const guest = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email });
const book = (sessionId: string, body: unknown) =>
  api<{
    booking: { id: string; status: string; paymentStatus: string };
    message: string;
    errors: { field: string; message: string }[];
  }>(`/sessions/${sessionId}/bookings`, { method: 'POST', body: JSON.stringify(body) });

describe('booking a free session as a guest', () => {
  it('writes a completed, free booking, takes a seat and e-mails the guest and the admin', async () => {
    const session = await createSession({ title: 'Free Friday Breath', maxAttendees: 5 });
    const email = `ada-${ulid().toLowerCase()}@example.com`;

    const { status, body } = await book(session.id, guest(email.toUpperCase()));
    expect(status).toBe(201);
    expect(body.booking).toMatchObject({ status: 'completed', paymentStatus: 'free' });

    const stored = await bookingsOf(session.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      attendeeName: 'Ada Lovelace',
      attendeeEmail: email,
      status: 'completed',
      paymentStatus: 'free',
    });
    expect(await seatsTaken(session.id)).toBe(1);

    const confirmation = await api<{ booking: BookingView }>(`/bookings/${body.booking.id}`);
    expect(confirmation.body.booking.session).toMatchObject({ id: session.id, title: 'Free Friday Breath', location: 'Online' });

    const [mail] = await waitForEmails(email, 1);
    expect(mail.subject).toBe('Booking confirmed: Free Friday Breath');
    expect(mail.body.text).toContain(`/booking-confirmation?bookingId=${body.booking.id}`);
    expect(mail.attachments[0].contentType).toContain('text/calendar');
    expect(Buffer.from(mail.attachments[0].content, 'base64').toString()).toContain('SUMMARY:Free Friday Breath');

    const adminMails = await waitForEmails('admin@breathwork.local', 1);
    expect(adminMails.some((m) => m.subject === 'New booking: Free Friday Breath' && m.body.text.includes(email))).toBe(true);
  });

  it('serves the booking as a calendar file', async () => {
    const session = await createSession({ title: 'Calendar Breath' });
    const { body } = await book(session.id, guest('cal@example.com'));
    const response = await fetch(`${siteUrl}/api/bookings/${body.booking.id}/calendar`);
    expect(response.headers.get('content-type')).toContain('text/calendar');
    expect(await response.text()).toContain('SUMMARY:Calendar Breath');
  });

  it('refuses bad input with 400 and field messages, and writes nothing', async () => {
    const session = await createSession({ maxAttendees: 5 });
    const { status, body } = await book(session.id, { firstName: ' ', email: 'not-an-email' });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { field: 'body.firstName', message: 'First name is required' },
      { field: 'body.lastName', message: 'Last name is required' },
      { field: 'body.email', message: 'Please enter a valid email address' },
    ]);
    const notJson = await api(`/sessions/${session.id}/bookings`, { method: 'POST', body: '{oops' });
    expect(notJson.status).toBe(400);
    expect(await bookingsOf(session.id)).toHaveLength(0);
    expect(await seatsTaken(session.id)).toBe(0);
  });

  it('refuses a full session, a started one and an unknown one', async () => {
    const full = await createSession({ maxAttendees: 1, seatsTaken: 1 });
    expect(await book(full.id, guest('late@example.com'))).toMatchObject({
      status: 409,
      body: { message: 'This session is sold out.' },
    });

    const started = await createSession({ startTime: new Date(Date.now() - 60_000).toISOString() });
    expect((await book(started.id, guest('late@example.com'))).status).toBe(409);

    expect((await book('01UNKNOWN', guest('late@example.com'))).status).toBe(404);
    expect(await bookingsOf(full.id)).toHaveLength(0);
  });

  it('does not take the price from the browser: a paid session is not booked as free', async () => {
    const paid = await createSession({ priceAmount: 2500 });
    const { status } = await book(paid.id, { ...guest('pay@example.com'), price: 0, paymentStatus: 'free' });
    expect(status).toBe(409);
    expect(await bookingsOf(paid.id)).toHaveLength(0);
    expect(await seatsTaken(paid.id)).toBe(0);
  });

  it('never oversells: 500 people rushing 20 seats get exactly 20 bookings', async () => {
    const session = await createSession({ title: 'The Rush', maxAttendees: 20 });
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) => book(session.id, guest(`rush-${i}@example.com`)).then((r) => r.status)),
    );
    expect(results.filter((s) => s === 201)).toHaveLength(20);
    expect(results.filter((s) => s !== 201 && s !== 409 && s !== 503)).toEqual([]);
    expect(await seatsTaken(session.id)).toBe(20);
    expect(await bookingsOf(session.id)).toHaveLength(20);
  });
});
