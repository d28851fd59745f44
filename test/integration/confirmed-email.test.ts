import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { BookingReceipt, ManagedBooking } from '../../functions/schemas/booking';
import { getSession } from '../../functions/domain/records/sessions';
import { releaseExpiredHolds } from '../../functions/domain/flows/hold-sweep';
import { api, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';
import { signedInUser } from '../support/users';
import { runOutHold, waitForBooking } from '../support/stripe';

const newEmail = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;
const book = (sessionId: string, email: string, headers: Record<string, string> = {}) =>
  api<BookingReceipt & { message?: string }>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Cora', lastName: 'Confirm', email }),
    headers,
  });
const confirm = (bookingId: string, token: string) =>
  api<{ outcome: string; message?: string }>(`/bookings/${bookingId}/confirm`, {
    method: 'POST',
    body: JSON.stringify({ token }),
  });

/** The 'Confirm my place' link's token from the guest's e-mail. */
async function linkToken(email: string) {
  const mail = (await waitForEmails(email, 1)).find((m) => m.subject.startsWith('Confirm your place'));
  expect(mail, 'the e-mail with the link').toBeDefined();
  return /\/manage\/([\w-]+)/.exec(mail!.body.text)![1];
}

describe('a free session that asks guests to confirm their address', () => {
  it('holds the seat until the e-mailed link confirms it, once', async () => {
    const session = await createSession({ maxAttendees: 2, requireConfirmedEmail: true });
    const email = newEmail('guest');
    const booked = await book(session.id, email);
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({
      booking: { status: 'pending', price: { amount: 0 } },
      checkoutUrl: null,
      manageToken: null,
    });
    expect(await getSession(session.id)).toMatchObject({ seatsTaken: 1, seatsHeld: 1 });
    // The same address cannot book around it meanwhile.
    expect((await book(session.id, email)).body.message).toMatch(/^This email address has a booking awaiting confirmation/);

    const token = await linkToken(email);
    expect((await api<ManagedBooking>(`/manage/${token}`)).body.confirmBy).toEqual(expect.any(String));
    const answers = await Promise.all([confirm(booked.body.booking.id, token), confirm(booked.body.booking.id, token)]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(['already_confirmed', 'confirmed']);
    expect(await waitForBooking(booked.body.booking.id, (b) => b.status === 'completed')).toMatchObject({
      paymentStatus: 'free',
    });
    expect(await getSession(session.id)).toMatchObject({ seatsTaken: 1, seatsHeld: 0 });
    expect((await waitForEmails(email, 2)).map((m) => m.subject)).toContain(`Booking confirmed: ${session.title}`);
    // A forged token confirms nothing.
    expect((await confirm(booked.body.booking.id, `${booked.body.booking.id}-${'A'.repeat(22)}`)).status).toBe(404);
  });

  it('releases the seat when the link is not followed in time', async () => {
    const session = await createSession({ maxAttendees: 1, requireConfirmedEmail: true });
    const email = newEmail('silent');
    const booked = await book(session.id, email);
    const token = await linkToken(email);
    await runOutHold(booked.body.booking.id);
    await releaseExpiredHolds(new Date());
    expect(await waitForBooking(booked.body.booking.id, (b) => b.status === 'cancelled')).toMatchObject({
      paymentStatus: 'cancelled',
    });
    expect(await getSession(session.id)).toMatchObject({ seatsTaken: 0, seatsHeld: 0 });
    expect(await confirm(booked.body.booking.id, token)).toMatchObject({
      status: 409,
      body: { message: 'This link has expired and the seat was released. Please book again.' },
    });
  });

  it('tells the guest of a booking awaiting payment that its payment keeps it, not an address to confirm', async () => {
    const session = await createSession({ priceAmount: 1500, priceCurrency: 'GBP', requireConfirmedEmail: true });
    const booked = await book(session.id, newEmail('payer'));
    expect(booked.body.booking.status).toBe('pending');
    expect(await confirm(booked.body.booking.id, booked.body.manageToken!)).toMatchObject({
      status: 409,
      body: { message: 'This booking is awaiting payment. Complete the payment to keep your seat.' },
    });
    expect(await getSession(session.id)).toMatchObject({ seatsTaken: 1, seatsHeld: 1 });
  });

  it('books a signed-in member with their own address at once', async () => {
    const session = await createSession({ requireConfirmedEmail: true });
    const email = newEmail('member');
    const token = await signedInUser(email);
    const booked = await book(session.id, email, { authorization: `Bearer ${token}` });
    expect(booked.body.booking).toMatchObject({ status: 'completed', paymentStatus: 'free' });
  });
});
