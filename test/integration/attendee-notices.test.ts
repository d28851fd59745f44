import { describe, expect, it } from 'vitest';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import ICAL from 'ical.js';
import { parse } from 'csv-parse/sync';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { bookingItem, type BookingRecord } from '../../functions/domain/records/bookings';
import { getSession, type SessionRecord } from '../../functions/domain/records/sessions';
import { queueNoticePage } from '../../functions/domain/flows/attendee-notices';
import type { AdminSessionDetail, AttendeeMessageReceipt, SessionFormInput } from '../../functions/schemas/admin-session';
import { cancellableUntil, type BookingReceipt, type ManagedBooking } from '../../functions/schemas/booking';
import type { AdminOrderPage } from '../../functions/schemas/order';
import { api, sentEmails, siteUrl, visitorAddress, waitForEmails, type SentEmail } from '../support/stack';
import { createSession } from '../support/sessions';
import { signedInUser } from '../support/users';

const newEmail = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;
/** On the hour, as an administrator sets a start (a calendar entry keeps whole seconds). */
const inDays = (days: number) => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + days * 86_400_000).toISOString();
/** Long enough for any e-mail still on its way (a duplicate, say) to have arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_500));

let adminToken: string | undefined;
async function asAdmin<T>(path: string, init: RequestInit = {}) {
  adminToken ??= await signedInUser(newEmail('notices-admin'), { admin: true });
  return api<T & { message?: string; errors?: { field: string; message: string }[] }>(`/admin${path}`, {
    ...init,
    headers: { authorization: `Bearer ${adminToken}` },
  });
}

/** The admin's form for a session as it is, with `fields` changed. */
const formOf = (session: SessionRecord, fields: Partial<SessionFormInput> = {}): SessionFormInput => ({
  title: session.title,
  description: session.description,
  startTime: session.startTime,
  durationMinutes: session.durationMinutes,
  maxAttendees: session.maxAttendees ?? null,
  price: { amount: session.priceAmount, currency: session.priceCurrency },
  locationType: session.locationType,
  address: session.address ?? null,
  city: session.city ?? null,
  postCode: session.postCode ?? null,
  zoomLink: session.zoomLink ?? null,
  ...fields,
});

async function book(sessionId: string, email: string, name = { firstName: 'Ada', lastName: 'Attendee' }) {
  const { status, body } = await api<BookingReceipt>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ ...name, email }),
  });
  expect(status).toBe(201);
  return body;
}

/** The calendar entry attached to an e-mail, as a calendar application reads it. */
function calendarOf(mail: SentEmail | undefined) {
  const attached = mail?.attachments.find((a) => a.filename === 'session.ics');
  expect(attached, `a calendar entry in '${mail?.subject}'`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(Buffer.from(attached!.content, 'base64').toString('utf8')));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
  };
}

const mailsTo = async (to: string) => (await sentEmails()).filter((mail) => mail.destination.to.includes(to));

describe("a change of a session's time", () => {
  it('e-mails every attendee once, with the calendar entry updated; nobody whose booking ended', async () => {
    const session = await createSession({
      title: `Moved Breath ${ulid().slice(-6)}`,
      startTime: inDays(7),
      locationType: 'onsite',
      address: '12 Mare Street',
      city: 'London',
      postCode: 'E8 3PB',
      maxAttendees: 10,
    });
    const attendees = [newEmail('moved-a'), newEmail('moved-b'), newEmail('moved-c')];
    const bookings = [];
    for (const email of attendees) bookings.push(await book(session.id, email));
    const leaver = newEmail('moved-gone');
    const left = await book(session.id, leaver);
    const cancelled = await api(`/bookings/${left.booking.id}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ token: left.manageToken }),
    });
    expect(cancelled.status).toBe(200);
    for (const email of attendees) await waitForEmails(email, 1);
    await waitForEmails(leaver, 2);

    const start = new Date(Date.parse(session.startTime) + 86_400_000).toISOString();
    const changed = await asAdmin(`/sessions/${session.id}`, {
      method: 'PUT',
      body: JSON.stringify(formOf(session, { startTime: start })),
    });
    expect(changed.status).toBe(200);

    for (const [i, email] of attendees.entries()) {
      const mails = await waitForEmails(email, 2);
      const confirmation = mails.find((m) => m.subject === `Booking confirmed: ${session.title}`);
      const change = mails.find((m) => m.subject === `Session changed: ${session.title}`);
      expect(change?.body.text).toContain('We have changed the time of this session. Your place is kept');
      expect(change?.body.text).toContain('Previous time: ');
      expect(change?.body.text).toContain('12 Mare Street, London, E8 3PB');
      const before = calendarOf(confirmation);
      const after = calendarOf(change);
      expect(after).toEqual({ method: 'REQUEST', uid: `${bookings[i].booking.id}@breathwork`, sequence: 1, start });
      expect(after.uid).toBe(before.uid);
      expect(after.sequence).toBeGreaterThan(before.sequence);
    }
    await settle();
    for (const email of attendees) {
      expect((await mailsTo(email)).map((m) => m.subject).sort(), email).toEqual(
        [`Booking confirmed: ${session.title}`, `Session changed: ${session.title}`].sort(),
      );
    }
    expect((await mailsTo(leaver)).map((m) => m.subject)).not.toContain(`Session changed: ${session.title}`);
    const detail = await asAdmin<AdminSessionDetail>(`/sessions/${session.id}`);
    expect(detail.body.history[0]).toMatchObject({ action: 'session.updated', data: { attendeesTold: ['time'] } });

    // Every booking's copy of the session moved with it: its manage page and its cancellation
    // cut-off (a day before the new start), and the orders list.
    const managed = await api<ManagedBooking>(`/manage/${bookings[0].manageToken}`);
    expect(managed.body.booking.session.startTime).toBe(start);
    expect(managed.body.cancellation.until).toBe(cancellableUntil(start));
    const orders = await asAdmin<AdminOrderPage>(`/orders?sessionId=${session.id}`);
    expect(orders.body.orders.map((order) => order.session?.startTime)).toEqual(Array(4).fill(start));
  });

  it('e-mails nobody when only the description changes', async () => {
    const session = await createSession({ title: `Described Breath ${ulid().slice(-6)}` });
    const email = newEmail('described');
    await book(session.id, email);
    await waitForEmails(email, 1);

    const described = await asAdmin(`/sessions/${session.id}`, {
      method: 'PUT',
      body: JSON.stringify(formOf(session, { description: 'Now with a longer rest at the end.' })),
    });
    expect(described.status).toBe(200);
    expect((await getSession(session.id))?.revision).toBeUndefined();
    // A change of time afterwards is the first the attendee hears of, as the first update of the calendar entry.
    const start = inDays(9);
    await asAdmin(`/sessions/${session.id}`, {
      method: 'PUT',
      body: JSON.stringify(formOf(session, { description: 'Now with a longer rest at the end.', startTime: start })),
    });
    const change = (await waitForEmails(email, 2)).find((m) => m.subject === `Session changed: ${session.title}`);
    expect(calendarOf(change)).toMatchObject({ sequence: 1, start });
    await settle();
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith('Session changed'))).toHaveLength(1);
  });
});

describe("the administrator's message to attendees", () => {
  /** A booking as stored, to be written straight to the table: a large session is set up in a moment. */
  function bookingRecord(session: SessionRecord, state: BookingRecord['state'], name: string): BookingRecord {
    return {
      id: ulid(),
      sessionId: session.id,
      firstName: name,
      lastName: 'Stored',
      attendeeName: `${name} Stored`,
      attendeeEmail: newEmail(name.toLowerCase()),
      state,
      price: { amount: 0, currency: 'GBP' },
      session: {
        title: session.title,
        startTime: session.startTime,
        endTime: session.startTime,
        location: 'Online',
        locationType: 'online',
        category: null,
      },
      createdAt: new Date().toISOString(),
    };
  }

  /**
   * Writes the bookings 25 to a request, one request at a time: a hundred writes at once would
   * open a hundred connections, more than DynamoDB Local's queue of 50 waiting ones, and those
   * refused would only connect on the next try a second later.
   */
  async function store(bookings: BookingRecord[]) {
    for (let i = 0; i < bookings.length; i += 25) {
      const items = bookings.slice(i, i + 25).map((booking) => ({ PutRequest: { Item: bookingItem(booking) } }));
      const { UnprocessedItems } = await dynamo.send(new BatchWriteCommand({ RequestItems: { [tableName()]: items } }));
      expect(UnprocessedItems ?? {}).toEqual({});
    }
    return bookings;
  }

  it('reaches each booked attendee once, a page of bookings at a time, and nobody else', async () => {
    const session = await createSession({
      title: `Large Circle ${ulid().slice(-6)}`,
      seatsTaken: 130,
      zoomLink: 'https://zoom.us/j/42',
    });
    // More than one page of bookings (100 a page), those awaiting payment among them.
    const booked = await store([
      ...Array.from({ length: 125 }, (_, i) => bookingRecord(session, 'confirmed', `Confirmed${i}`)),
      ...Array.from({ length: 3 }, (_, i) => bookingRecord(session, 'held', `Held${i}`)),
    ]);
    const notTold = await store([
      bookingRecord(session, 'cancelled', 'Cancelled'),
      bookingRecord(session, 'released', 'Released'),
      bookingRecord(session, 'unconfirmed', 'Unconfirmed'),
    ]);

    const sent = await asAdmin<AttendeeMessageReceipt>(`/sessions/${session.id}/message`, {
      method: 'POST',
      body: JSON.stringify({ subject: '  Bring a blanket  ', message: 'It gets cool during the rest.\n\nSee you soon.' }),
    });
    expect(sent.status).toBe(202);

    const deadline = Date.now() + 60_000;
    const recipients = new Set(booked.map((b) => b.attendeeEmail));
    let received: SentEmail[] = [];
    while (Date.now() < deadline) {
      received = (await sentEmails()).filter((m) => m.subject === 'Bring a blanket' && recipients.has(m.destination.to[0]));
      if (received.length >= booked.length) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(new Set(received.map((m) => m.destination.to[0])).size).toBe(booked.length);
    const confirmed = received.find((m) => m.destination.to[0] === booked[0].attendeeEmail)!;
    expect(confirmed.body.text).toContain('It gets cool during the rest.\n\nSee you soon.');
    expect(confirmed.body.text).toContain('Join online: https://zoom.us/j/42');
    const held = received.find((m) => m.destination.to[0] === booked[125].attendeeEmail)!;
    expect(held.body.text).not.toContain('zoom.us');

    // The fan-out handled again (a retry) queues nobody a second time.
    expect(await queueNoticePage(sent.body.noticeId, undefined, new Date())).toBe(0);
    await settle();
    const all = (await sentEmails()).filter((m) => m.subject === 'Bring a blanket');
    const perRecipient = new Map<string, number>();
    for (const mail of all) perRecipient.set(mail.destination.to[0], (perRecipient.get(mail.destination.to[0]) ?? 0) + 1);
    for (const booking of booked) expect(perRecipient.get(booking.attendeeEmail), booking.attendeeEmail).toBe(1);
    for (const booking of notTold) expect(perRecipient.get(booking.attendeeEmail), booking.attendeeEmail).toBeUndefined();

    const detail = await asAdmin<AdminSessionDetail>(`/sessions/${session.id}`);
    expect(detail.body.history[0]).toMatchObject({
      action: 'session.attendees-messaged',
      data: { noticeId: sent.body.noticeId, subject: 'Bring a blanket' },
      actor: { email: expect.stringMatching(/^notices-admin-/) },
    });
  }, 120_000);

  it('refuses a blank or over-long message with the field and its message, and writes nothing', async () => {
    const session = await createSession({ title: `Quiet Circle ${ulid().slice(-6)}` });
    const refused = await asAdmin(`/sessions/${session.id}/message`, {
      method: 'POST',
      body: JSON.stringify({ subject: ' ', message: 'x'.repeat(5001) }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'body.subject', message: 'Subject is required' },
        { field: 'body.message', message: 'Message is too long' },
      ]),
    );
    const unknown = await asAdmin(`/sessions/${ulid()}/message`, {
      method: 'POST',
      body: JSON.stringify({ subject: 'Hello', message: 'Hello' }),
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Session not found' } });
    expect((await asAdmin<AdminSessionDetail>(`/sessions/${session.id}`)).body.history).toEqual([]);
  });
});

describe('the attendee list as a CSV file', () => {
  it('lists who holds or awaits a seat, with a phone where one was given, every cell safe to open in a spreadsheet', async () => {
    const session = await createSession({ title: `Café Breath: Full ${ulid().slice(-6)}`, maxAttendees: 1 });
    const first = newEmail('csv-first');
    const firstBooking = await book(session.id, first, { firstName: '=HYPERLINK("x")', lastName: 'Lovelace' });
    // The session is full: the next person joins the waitlist with their phone, and takes the seat the first gives back.
    const waiting = newEmail('csv-waiting');
    const joined = await api(`/sessions/${session.id}/waitlist`, {
      method: 'POST',
      body: JSON.stringify({ name: '@Wren Waiting', email: waiting, phone: '+44 7700 900123' }),
    });
    expect(joined.status).toBe(201);
    const removed = await asAdmin(`/sessions/${session.id}/attendees/${firstBooking.booking.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    const offer = (await waitForEmails(waiting, 2, 20_000)).find((m) => m.subject.startsWith('A spot is free for you'));
    const token = /\/waitlist\/([\w.-]+)/.exec(offer!.body.text)![1];
    expect((await api(`/waitlist/${token}/accept`, { method: 'POST', body: '{}' })).status).toBeLessThan(300);
    const third = newEmail('csv-third');
    const raised = await asAdmin(`/sessions/${session.id}`, {
      method: 'PUT',
      body: JSON.stringify(formOf(session, { maxAttendees: 2 })),
    });
    expect(raised.status).toBe(200);
    await book(session.id, third, { firstName: '=SUM(1+1)', lastName: 'Zoë, "Jr."' });

    const response = await fetch(`${siteUrl}/api/admin/sessions/${session.id}/attendees.csv`, {
      headers: { authorization: `Bearer ${adminToken}`, 'cloudfront-viewer-address': visitorAddress() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cafe-breath-full-[a-z0-9]{6}-\d{4}-\d{2}-\d{2}-attendees\.csv"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const rows: string[][] = parse(await response.text(), { bom: true });
    expect(rows[0]).toEqual([
      'Name',
      'Email',
      'Phone',
      'Status',
      'Payment',
      'Attendance',
      `Booked at (${process.env.SITE_TIME_ZONE})`,
    ]);
    expect(rows.slice(1).map((row) => row.slice(0, 6))).toEqual([
      ["'@Wren Waiting", waiting, "'+44 7700 900123", 'completed', 'free', ''],
      [`'=SUM(1+1) Zoë, "Jr."`, third, '', 'completed', 'free', ''],
    ]);
    for (const row of rows.slice(1)) expect(row[6]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect((await asAdmin(`/sessions/${ulid()}/attendees.csv`)).status).toBe(404);
  }, 60_000);
});
