import { describe, expect, it } from 'vitest';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { releaseExpiredHolds } from '../../functions/domain/flows/hold-sweep';
import { getSession } from '../../functions/domain/records/sessions';
import { getBooking } from '../../functions/domain/records/bookings';
import { holdItem } from '../../functions/domain/records/holds';
import { getPlace } from '../../functions/domain/records/waitlist';
import { placeKey } from '../../functions/domain/records/keys';
import type { BookingReceipt, CancellationReceipt } from '../../functions/schemas/booking';
import type { WaitlistJoinAnswer, WaitlistPlace } from '../../functions/schemas/waitlist';
import type { AdminSessionDetail, AdminSessionView } from '../../functions/schemas/admin-session';
import { api, siteUrl, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';
import { signedInUser } from '../support/users';
import { payCheckout, runOutHold, stripe, waitForBooking } from '../support/stripe';

const newEmail = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;

const join = (sessionId: string, email: string, fields: Record<string, string> = {}) =>
  api<WaitlistJoinAnswer & { message?: string }>(`/sessions/${sessionId}/waitlist`, {
    method: 'POST',
    body: JSON.stringify({ name: 'Wren Waiting', email, phone: '+44 7700 900123', ...fields }),
  });

/** A member's booking of a session, to cancel later (a free one unless the session has a price). */
async function memberBooking(sessionId: string) {
  const email = newEmail('booked');
  const token = await signedInUser(email);
  const { status, body } = await api<BookingReceipt>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Bea', lastName: 'Booked', email }),
    headers: { authorization: `Bearer ${token}` },
  });
  expect(status).toBe(201);
  const cancel = () =>
    api<CancellationReceipt>(`/bookings/${body.booking.id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  return { booking: body.booking, cancel };
}

/** The newest waitlist e-mail to `email` with `subject` starting so, once `count` e-mails have reached it. */
async function waitlistEmail(email: string, subject: string, count = 1) {
  const mails = await waitForEmails(email, count, 20_000);
  const mail = mails.filter((m) => m.subject.startsWith(subject)).at(-1);
  expect(mail, `an e-mail '${subject}' to ${email}`).toBeDefined();
  return mail!;
}

/** The link token from the newest waitlist e-mail to `email` with `subject` starting so. */
async function tokenFromEmail(email: string, subject: string, count = 1): Promise<string> {
  const mail = await waitlistEmail(email, subject, count);
  return /\/waitlist\/([\w.-]+)/.exec(mail.body.text)![1];
}

const place = (token: string) => api<WaitlistPlace>(`/waitlist/${token}`);

/** Polls a place until it is in `state` (offers are made by a consumer, after the API has answered). */
async function waitForPlace(token: string, state: WaitlistPlace['state']): Promise<WaitlistPlace> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { body } = await place(token);
    if (body.state === state || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Three people join the waitlist of a full session, in order; answers their e-mails and link tokens. */
async function threeWaiting(sessionId: string) {
  const people = [];
  for (const name of ['first', 'second', 'third']) {
    const email = newEmail(name);
    expect((await join(sessionId, email)).status).toBe(201);
    people.push({ email, token: await tokenFromEmail(email, "You're on the waitlist") });
  }
  return people;
}

/** Moves an open offer's end into the past, as if its hours were up: the sweep then lapses it. */
async function runOutOffer(token: string) {
  const placeId = token.slice(0, token.indexOf('-'));
  const expired = new Date(Date.now() - 60_000).toISOString();
  const stored = (await getPlace(placeId))!;
  await dynamo.send(new PutCommand(holdItem('waitlist-offer', placeId, stored.sessionId, expired).Put));
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: placeKey(placeId),
      UpdateExpression: 'SET offerExpiresAt = :expired',
      ExpressionAttributeValues: { ':expired': expired },
    }),
  );
}

describe('joining a waitlist', () => {
  it('needs every field, and a sold-out session', async () => {
    const open = await createSession({ maxAttendees: 5 });
    for (const blank of [{ name: ' ' }, { email: '' }, { phone: '  ' }] as Record<string, string>[]) {
      const { status, body } = await join(open.id, newEmail('blank'), blank);
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toContain('Please fill out all fields');
    }
    const { status, body } = await join(open.id, newEmail('early'));
    expect(status).toBe(409);
    expect(body.message).toBe('This session has seats available. Please book one instead.');
  });

  it('keeps one place per address, whatever its case and spaces, and tells its position', async () => {
    const session = await createSession({ maxAttendees: 1, seatsTaken: 1 });
    const email = newEmail('twice');
    const first = await join(session.id, email);
    expect(first).toMatchObject({ status: 201, body: { outcome: 'joined', position: 1 } });
    const again = await join(session.id, `  ${email.toUpperCase()} `);
    expect(again).toMatchObject({ status: 200, body: { outcome: 'already_waiting', position: null } });
    expect((await join(session.id, newEmail('behind'))).body.position).toBe(2);
    expect((await getSession(session.id))!.waitlistCount).toBe(2);

    const token = await tokenFromEmail(email, "You're on the waitlist");
    expect((await place(token)).body).toMatchObject({ state: 'waiting', position: 1, name: 'Wren Waiting' });
    // Another secret for the same place finds nothing.
    expect((await place(`${token.slice(0, token.indexOf('-'))}-${'A'.repeat(22)}`)).status).toBe(404);

    // Leaving frees the address to join again, and moves the next one up.
    expect((await api<WaitlistPlace>(`/waitlist/${token}`, { method: 'DELETE' })).body.state).toBe('left');
    expect((await getSession(session.id))!.waitlistCount).toBe(1);
    expect((await join(session.id, email)).body).toMatchObject({ outcome: 'joined', position: 2 });
  });
});

describe('a seat given back while people wait', () => {
  it('is offered to the first; lapsed, to the second, who takes it; nobody else can book it meanwhile', async () => {
    const session = await createSession({ maxAttendees: 1 });
    const { cancel } = await memberBooking(session.id);
    const [first, second, third] = await threeWaiting(session.id);

    expect((await cancel()).body.outcome).toBe('cancelled');
    const offered = await waitForPlace(first.token, 'offered');
    expect(offered.offerExpiresAt).not.toBeNull();
    expect(await tokenFromEmail(first.email, 'A spot is free for you', 2)).toBe(first.token);
    expect((await getSession(session.id))!).toMatchObject({
      seatsTaken: 1,
      seatsForWaitlist: 1,
      seatsOffered: 1,
      waitlistCount: 2,
    });

    // The seat is held for the offer: a visitor cannot book it.
    const visitor = await api<{ message: string }>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Vic', lastName: 'Visitor', email: newEmail('visitor') }),
    });
    expect(visitor).toMatchObject({ status: 409, body: { message: 'This session is sold out.' } });

    await runOutOffer(first.token);
    expect(await releaseExpiredHolds(new Date())).toBeGreaterThanOrEqual(1);
    expect((await place(first.token)).body.state).toBe('lapsed');
    const released = await waitlistEmail(first.email, 'Your held spot has been released', 3);
    expect(released.body.text).toContain(`Find another session: ${siteUrl}`);
    expect(released.body.text).not.toContain('/waitlist/');

    expect((await waitForPlace(second.token, 'offered')).state).toBe('offered');
    const taken = await api<BookingReceipt>(`/waitlist/${second.token}/accept`, { method: 'POST', body: '{}' });
    expect(taken).toMatchObject({ status: 200, body: { booking: { status: 'completed', paymentStatus: 'free' } } });
    // Taking it again answers the same booking.
    expect((await api<BookingReceipt>(`/waitlist/${second.token}/accept`, { method: 'POST', body: '{}' })).body.booking.id).toBe(
      taken.body.booking.id,
    );
    expect((await place(second.token)).body).toMatchObject({ state: 'accepted', bookingId: taken.body.booking.id });
    expect((await place(third.token)).body).toMatchObject({ state: 'waiting', position: 1 });
    expect((await getSession(session.id))!).toMatchObject({
      seatsTaken: 1,
      seatsForWaitlist: 0,
      seatsOffered: 0,
      waitlistCount: 1,
    });
  });

  it('two seats given back at once go to two people, one each', async () => {
    const session = await createSession({ maxAttendees: 2 });
    const bookings = [await memberBooking(session.id), await memberBooking(session.id)];
    const [first, second, third] = await threeWaiting(session.id);

    await Promise.all(bookings.map((b) => b.cancel()));
    await waitForPlace(first.token, 'offered');
    await waitForPlace(second.token, 'offered');
    expect((await place(third.token)).body).toMatchObject({ state: 'waiting', position: 1 });
    expect((await getSession(session.id))!).toMatchObject({
      seatsTaken: 2,
      seatsForWaitlist: 2,
      seatsOffered: 2,
      waitlistCount: 1,
    });

    // Declined: the seat goes on to the third at once.
    const declined = await api<WaitlistPlace>(`/waitlist/${first.token}/decline`, { method: 'POST', body: '{}' });
    expect(declined.body.state).toBe('declined');
    await waitForPlace(third.token, 'offered');
    expect((await waitlistEmail(first.email, 'You passed on the spot', 3)).body.text).toContain(
      'You are no longer on the waitlist for this session.',
    );
    // An ended offer cannot be taken.
    expect((await api(`/waitlist/${first.token}/accept`, { method: 'POST', body: '{}' })).status).toBe(409);
  });

  it('of a paid session, is taken through checkout and paid', async () => {
    const session = await createSession({ maxAttendees: 1, priceAmount: 1500, priceCurrency: 'GBP' });
    const held = await memberBooking(session.id);
    expect(held.booking.status).toBe('pending');
    const email = newEmail('paid-offer');
    expect((await join(session.id, email)).status).toBe(201);
    const token = await tokenFromEmail(email, "You're on the waitlist");
    // The held checkout runs out unpaid: its seat is kept and offered.
    await runOutHold(held.booking.id);
    await releaseExpiredHolds(new Date());
    await waitForPlace(token, 'offered');

    const taken = await api<BookingReceipt>(`/waitlist/${token}/accept`, {
      method: 'POST',
      body: JSON.stringify({ currency: 'GBP' }),
    });
    expect(taken.body.booking).toMatchObject({ status: 'pending', price: { amount: 1500, currency: 'GBP' } });
    // Leaving the checkout unpaid leads back to the session and gives nothing up: the offer's link takes it up again.
    const stored = (await getBooking(taken.body.booking.id))!;
    const checkout = await (await stripe()).checkout.sessions.retrieve(stored.checkoutSessionId!);
    expect(checkout.cancel_url).toBe(`${siteUrl}/sessions/${session.id}?checkout=cancelled`);
    await payCheckout(taken.body.checkoutUrl!);
    expect(await waitForBooking(taken.body.booking.id, (b) => b.status === 'completed')).toMatchObject({ paymentStatus: 'paid' });
    expect((await getSession(session.id))!).toMatchObject({ seatsTaken: 1, seatsHeld: 0, seatsForWaitlist: 0, seatsOffered: 0 });
  });
});

describe("a network's share of a session's seats", () => {
  it('counts an offer taken against it, as a booking does, and has the seat back when the booking is cancelled', async () => {
    // Four seats: one for each network.
    const session = await createSession({ maxAttendees: 4 });
    const network = {
      'cloudfront-viewer-address': `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}:443`,
    };
    const book = () =>
      api<BookingReceipt & { message?: string }>(`/sessions/${session.id}/bookings`, {
        method: 'POST',
        body: JSON.stringify({ firstName: 'Nia', lastName: 'Network', email: newEmail('network') }),
        headers: network,
      });
    const accept = (token: string) =>
      api<BookingReceipt & { message?: string }>(`/waitlist/${token}/accept`, { method: 'POST', body: '{}', headers: network });
    const cancel = (receipt: BookingReceipt) =>
      api<CancellationReceipt>(`/bookings/${receipt.booking.id}/cancel`, {
        method: 'POST',
        body: JSON.stringify({ token: receipt.manageToken }),
      });

    const own = await book();
    expect(own.status).toBe(201);
    const others = [await memberBooking(session.id), await memberBooking(session.id), await memberBooking(session.id)];
    const email = newEmail('same-network');
    expect((await join(session.id, email)).status).toBe(201);
    const token = await tokenFromEmail(email, "You're on the waitlist");
    expect((await others[0].cancel()).body.outcome).toBe('cancelled');
    await waitForPlace(token, 'offered');

    // The network has its one seat: the offer is not taken from it, and stands.
    expect(await accept(token)).toMatchObject({
      status: 429,
      body: { message: 'Too many seats of this session are already booked from your network.' },
    });
    expect((await place(token)).body.state).toBe('offered');
    expect((await getSession(session.id))!).toMatchObject({ seatsTaken: 4, seatsForWaitlist: 1, seatsOffered: 1 });

    // Its own seat given back, the offer is taken, and counts as the network's seat.
    expect((await cancel(own.body)).body.outcome).toBe('cancelled');
    const taken = await accept(token);
    expect(taken).toMatchObject({ status: 200, body: { booking: { status: 'completed' } } });
    expect(await book()).toMatchObject({
      status: 429,
      body: { message: 'Too many seats of this session are already booked from your network.' },
    });
    // Cancelled, the booking the offer made gives the network its seat back.
    expect((await cancel(taken.body)).body.outcome).toBe('cancelled');
    expect((await book()).status).toBe(201);
  });
});

describe('seats the administrator adds while people wait', () => {
  it('go to the people waiting first, in order, and only the seats beyond them to anyone', async () => {
    const session = await createSession({ maxAttendees: 1, title: 'Raised Circle' });
    await memberBooking(session.id);
    const [first, second, third] = await threeWaiting(session.id);
    const adminToken = await signedInUser(newEmail('admin'), { admin: true });
    const raiseTo = (maxAttendees: number) =>
      api<AdminSessionView>(`/admin/sessions/${session.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({
          title: session.title,
          description: session.description,
          startTime: session.startTime,
          locationType: 'online',
          maxAttendees,
          price: { amount: 0, currency: 'GBP' },
        }),
      });
    const book = () =>
      api<{ message: string }>(`/sessions/${session.id}/bookings`, {
        method: 'POST',
        body: JSON.stringify({ firstName: 'Vic', lastName: 'Visitor', email: newEmail('visitor') }),
      });

    expect((await raiseTo(3)).body).toMatchObject({ maxAttendees: 3, seatsTaken: 3, seatsLeft: 0 });
    await waitForPlace(first.token, 'offered');
    await waitForPlace(second.token, 'offered');
    expect((await place(third.token)).body).toMatchObject({ state: 'waiting', position: 1 });
    expect(await book()).toMatchObject({ status: 409, body: { message: 'This session is sold out.' } });
    expect((await getSession(session.id))!).toMatchObject({
      seatsTaken: 3,
      seatsForWaitlist: 2,
      seatsOffered: 2,
      waitlistCount: 1,
    });
    // The admin's count of the waitlist: one waiting, two holding an offer.
    const shown = await api<AdminSessionDetail>(`/admin/sessions/${session.id}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(shown.body.session).toMatchObject({ seatsTaken: 3, seatsKeptForWaitlist: 2, waitlistCount: 1, waitlistOffered: 2 });

    // Two more seats: one for the third in line, one for anyone.
    expect((await raiseTo(5)).body).toMatchObject({ seatsTaken: 4, seatsLeft: 1 });
    await waitForPlace(third.token, 'offered');
    expect((await book()).status).toBe(201);
    expect(await book()).toMatchObject({ status: 409 });
    expect((await getSession(session.id))!).toMatchObject({
      seatsTaken: 5,
      seatsForWaitlist: 3,
      seatsOffered: 3,
      waitlistCount: 0,
    });
  });
});
