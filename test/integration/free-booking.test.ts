import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { BookingConfirmation } from '../../functions/schemas/booking';
import { api, siteUrl, waitForEmails } from '../support/stack';
import { allowanceRefusals } from '../support/allowances';
import { bookingsOf, createSession, seatsTaken } from '../support/sessions';
import { signedInUser } from '../support/users';

const guest = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email });
type BookingAnswer = {
  booking: { id: string; status: string; paymentStatus: string };
  message: string;
  errors: { field: string; message: string }[];
};
const book = (sessionId: string, body: unknown, headers: Record<string, string> = {}) =>
  api<BookingAnswer>(`/sessions/${sessionId}/bookings`, { method: 'POST', body: JSON.stringify(body), headers });
/** A visitor of their own: the local server, like CloudFront, passes the viewer's address to the API. */
const from = (n: number) => ({ 'cloudfront-viewer-address': `198.51.${100 + (n >> 8)}.${n & 255}:443` });

describe('booking a free session as a guest', () => {
  it('writes a completed, free booking, takes a seat and e-mails the guest and the admin', async () => {
    const session = await createSession({ title: 'Free Friday Breath', maxAttendees: 5, zoomLink: 'https://zoom.us/j/555' });
    const email = `ada-${ulid().toLowerCase()}@example.com`;

    const { status, body } = await book(session.id, guest(email.toUpperCase()));
    expect(status).toBe(201);
    expect(body.booking).toMatchObject({ status: 'completed', paymentStatus: 'free' });

    const stored = await bookingsOf(session.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      attendeeName: 'Ada Lovelace',
      attendeeEmail: email,
      state: 'confirmed',
    });
    expect(await seatsTaken(session.id)).toBe(1);

    const confirmation = await api<{ booking: BookingConfirmation }>(`/bookings/${body.booking.id}`);
    expect(confirmation.body.booking.session).toMatchObject({ id: session.id, title: 'Free Friday Breath', location: 'Online' });
    // The joining link is for attendees: in their e-mail, never on the page anyone with the id can open.
    expect(JSON.stringify(confirmation.body)).not.toContain('zoom.us');

    const [mail] = await waitForEmails(email, 1);
    expect(mail.subject).toBe('Booking confirmed: Free Friday Breath');
    expect(mail.body.text).toContain(`/booking-confirmation?bookingId=${body.booking.id}`);
    expect(mail.body.text).toContain('Join online: https://zoom.us/j/555');
    expect(mail.attachments[0].contentType).toContain('text/calendar');
    expect(Buffer.from(mail.attachments[0].content, 'base64').toString()).toContain('SUMMARY:Free Friday Breath');
    // The attendee's own calendar entry takes them in; the file anyone with the booking's id can fetch does not.
    expect(Buffer.from(mail.attachments[0].content, 'base64').toString()).toContain('LOCATION:https://zoom.us/j/555');
    const calendar = await (await fetch(`${siteUrl}/api/bookings/${body.booking.id}/calendar`)).text();
    expect(calendar).toContain('LOCATION:Online');

    const adminMails = await waitForEmails('admin@breathwork.local', 1);
    expect(adminMails.some((m) => m.subject === 'New booking: Free Friday Breath' && m.body.text.includes(email))).toBe(true);
  });

  it('names the full place of a session in person on its page, its calendar file and its e-mails, and a name only as a name', async () => {
    const session = await createSession({
      title: 'Studio Breath',
      locationType: 'onsite',
      address: '12 Willow Lane',
      city: 'London',
      postCode: 'E8 3PB',
    });
    const email = `markup-${ulid().toLowerCase()}@example.com`;
    const { body } = await book(session.id, { firstName: '<b>x</b>', lastName: 'Lovelace', email });
    const place = '12 Willow Lane, London, E8 3PB';

    const confirmation = await api<{ booking: BookingConfirmation }>(`/bookings/${body.booking.id}`);
    expect(confirmation.body.booking.session).toMatchObject({ location: 'London, E8 3PB', place });
    const calendar = await (await fetch(`${siteUrl}/api/bookings/${body.booking.id}/calendar`)).text();
    expect(calendar).toContain('LOCATION:12 Willow Lane\\, London\\, E8 3PB');

    const [mail] = await waitForEmails(email, 1);
    const alert = (await waitForEmails('admin@breathwork.local', 1)).find((m) => m.body.text.includes(email));
    for (const sent of [mail, alert!]) {
      expect(sent.from).toBe('Breathwork <hello@breathwork.local>');
      expect(sent.body.text).toContain(`Where: ${place}`);
      expect(sent.body.html).toContain(place);
      // The name is text: escaped in the HTML part, as typed in the plain-text part.
      expect(sent.body.html).not.toContain('<b>x</b>');
      expect(sent.body.html).toContain('&lt;b>x&lt;/b> Lovelace');
      expect(sent.body.text).toContain('<b>x</b> Lovelace');
    }
    expect(Buffer.from(mail.attachments[0].content, 'base64').toString()).toContain(
      'LOCATION:12 Willow Lane\\, London\\, E8 3PB',
    );
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

  it('refuses a name that carries a link or shows no letter, writes nothing and e-mails no one', async () => {
    const session = await createSession({ maxAttendees: 5 });
    const email = `target-${ulid().toLowerCase()}@example.com`;
    const { status, body } = await book(session.id, {
      firstName: 'Refund due: visit https://evil.example/claim',
      lastName: '\u200B',
      email,
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { field: 'body.firstName', message: 'First name must not contain a link or web address' },
      { field: 'body.lastName', message: 'Last name must contain a letter' },
    ]);
    expect(await bookingsOf(session.id)).toHaveLength(0);
    expect(await seatsTaken(session.id)).toBe(0);
    expect(await waitForEmails(email, 1, 1500)).toEqual([]);
  });

  it('refuses a name with invisible characters or a mark on no letter, and books an accented one as it reads', async () => {
    const session = await createSession({ maxAttendees: 5 });
    const email = `hidden-${ulid().toLowerCase()}@example.com`;
    const refused = await book(session.id, { firstName: 'Jo\u200Bhn', lastName: '\u0301Smith', email });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'body.firstName', message: 'First name must not contain invisible characters' },
      { field: 'body.lastName', message: 'Last name must not contain an accent or mark without a letter' },
    ]);
    // A link hidden behind a combining grapheme joiner is still a link.
    expect((await book(session.id, { firstName: 'evil.\u034Fcom', lastName: 'Smith', email })).body.errors).toEqual([
      { field: 'body.firstName', message: 'First name must not contain a link or web address' },
    ]);
    expect(await bookingsOf(session.id)).toHaveLength(0);

    // Typed with combining accents (NFD), a name is booked in its composed form.
    const booked = await book(session.id, { firstName: 'Jose\u0301', lastName: 'Nguye\u0302\u0303n', email });
    expect(booked.status).toBe(201);
    expect((await bookingsOf(session.id)).map(({ firstName, lastName }) => [firstName, lastName])).toEqual([['José', 'Nguyễn']]);
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
    const { status, body } = await book(paid.id, { ...guest('pay@example.com'), price: 0, paymentStatus: 'free' });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      booking: { status: 'pending', paymentStatus: 'pending', price: { amount: 2500, currency: 'GBP' } },
      checkoutUrl: expect.any(String),
    });
  });

  it('never oversells: 500 people rushing 20 seats get exactly 20 bookings', async () => {
    const session = await createSession({ title: 'The Rush', maxAttendees: 20 });
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) => book(session.id, guest(`rush-${i}@example.com`), from(i)).then((r) => r.status)),
    );
    expect(results.filter((s) => s === 201)).toHaveLength(20);
    expect(results.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(await seatsTaken(session.id)).toBe(20);
    expect(await bookingsOf(session.id)).toHaveLength(20);
  });

  it('books an e-mail address into a session once', async () => {
    const session = await createSession({ maxAttendees: 5 });
    expect((await book(session.id, guest('once@example.com'))).status).toBe(201);
    expect(await book(session.id, guest('ONCE@example.com'))).toMatchObject({
      status: 409,
      body: { message: 'This email address has already booked this session.' },
    });
    expect(await bookingsOf(session.id)).toHaveLength(1);
    expect(await seatsTaken(session.id)).toBe(1);
  });

  it('answers a retried request with the first booking instead of booking twice', async () => {
    const session = await createSession({ maxAttendees: 5 });
    const key = { 'idempotency-key': `retry-${ulid()}` };
    const first = await book(session.id, guest('retry@example.com'), key);
    const again = await Promise.all([1, 2, 3].map(() => book(session.id, guest('retry@example.com'), key)));
    expect(first.status).toBe(201);
    for (const answer of again) expect(answer).toEqual(first);
    expect(await bookingsOf(session.id)).toHaveLength(1);
    expect(await waitForEmails('retry@example.com', 2, 1500)).toHaveLength(1);

    const elsewhere = await createSession();
    expect((await book(elsewhere.id, guest('retry@example.com'), key)).status).toBe(422);
    expect(await bookingsOf(elsewhere.id)).toHaveLength(0);
  });

  it('limits how many bookings one e-mail address and one network make in an hour', async () => {
    const sessions = await Promise.all(Array.from({ length: 6 }, () => createSession()));
    const email = `busy-${ulid().toLowerCase()}@example.com`;
    const answers = [];
    const startedAt = Date.now();
    for (const [i, session] of sessions.entries()) answers.push(await book(session.id, guest(email), from(1000 + i)));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[5].status).toBe(429);
    expect(allowanceRefusals('Too many bookings for this email address.', startedAt, Date.now())).toContain(
      answers[5].body.message,
    );
    expect(await bookingsOf(sessions[5].id)).toHaveLength(0);

    // Spread over sessions: one network has only a few seats of each.
    const crowded = await Promise.all(Array.from({ length: 6 }, () => createSession()));
    const network = from(2000);
    const networkStartedAt = Date.now();
    const networkAnswers = [];
    for (let i = 0; i < 21; i++) {
      networkAnswers.push(await book(crowded[i % 6].id, guest(`net-${i}-${ulid()}@example.com`), network));
    }
    expect(networkAnswers.filter((a) => a.status === 201)).toHaveLength(20);
    expect(networkAnswers[20].status).toBe(429);
    expect(allowanceRefusals('Too many bookings from your network.', networkStartedAt, Date.now())).toContain(
      networkAnswers[20].body.message,
    );
  });

  it('counts the hourly bookings of one mailbox however its address is tagged, and books and e-mails each as typed', async () => {
    const sessions = await Promise.all(Array.from({ length: 6 }, () => createSession()));
    const name = `tagged-${ulid().toLowerCase()}`;
    const tagged = (i: number) => `${name}+${i}@example.com`;
    const startedAt = Date.now();
    for (const [i, session] of sessions.slice(0, 5).entries()) {
      expect((await book(session.id, guest(tagged(i)), from(4000 + i))).status).toBe(201);
    }
    const refused = await book(sessions[5].id, guest(`${name}@example.com`), from(4005));
    expect(refused.status).toBe(429);
    expect(allowanceRefusals('Too many bookings for this email address.', startedAt, Date.now())).toContain(refused.body.message);
    expect((await bookingsOf(sessions[0].id)).map((booking) => booking.attendeeEmail)).toEqual([tagged(0)]);
    expect((await waitForEmails(tagged(0), 1))[0].destination.to).toEqual([tagged(0)]);
  });

  it("lets a member book with their own address when strangers have spent that address's hourly allowance", async () => {
    const email = `spent-${ulid().toLowerCase()}@example.com`;
    const sessions = await Promise.all(Array.from({ length: 6 }, () => createSession()));
    for (const [i, session] of sessions.slice(0, 5).entries()) {
      expect((await book(session.id, guest(email), from(3000 + i))).status).toBe(201);
    }
    expect((await book(sessions[5].id, guest(email), from(3005))).status).toBe(429);
    const member = await signedInUser(email);
    const own = await book(sessions[5].id, guest(email), { ...from(3006), authorization: `Bearer ${member}` });
    expect(own.status).toBe(201);
  });

  it('refuses a cross-site form post: only JSON changes state', async () => {
    const session = await createSession();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await fetch(`${siteUrl}/api/sessions/${session.id}/bookings`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: JSON.stringify(guest('csrf@example.com')),
      });
      expect(response.status).toBe(415);
    }
    expect(await bookingsOf(session.id)).toHaveLength(0);
  });
});
