import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { BookingReceipt } from '../../functions/schemas/booking';
import { randomInt } from 'node:crypto';
import { formatDay, formatTimes } from '../../functions/lib/when';
import { endTime } from '../../functions/domain/records/sessions';
import { api, sentEmails, siteUrl, visitorAddress, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';
import { allowanceRefusals } from '../support/allowances';

const newEmail = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;
/** A client network no other test shares (an IPv6 /64 of its own), so its allowance is this test's alone. */
const networkOfItsOwn = () => `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}::1:443`;
const share = (path: string, email: unknown, from = visitorAddress()) =>
  api<{ message?: string; errors?: { message: string }[] }>(path, {
    method: 'POST',
    body: JSON.stringify({ email }),
    headers: { 'cloudfront-viewer-address': from },
  });

describe('sharing a session by e-mail', () => {
  it('refuses a blank or wrong address and an unknown session or booking, and sends nothing', async () => {
    const session = await createSession();
    const booked = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Sharer', email: newEmail('sharer') }),
    });
    for (const path of [`/sessions/${session.id}/share`, `/bookings/${booked.body.booking.id}/share`]) {
      for (const blank of ['', '   ', undefined]) {
        expect(await share(path, blank)).toMatchObject({ status: 400, body: { message: 'Please enter an email address' } });
      }
      expect(await share(path, 'not-an-address')).toMatchObject({
        status: 400,
        body: { message: 'Please enter a valid email address' },
      });
    }
    const nobody = newEmail('nobody');
    expect((await share(`/sessions/${ulid()}/share`, nobody)).status).toBe(404);
    expect((await share(`/bookings/${ulid()}/share`, nobody)).status).toBe(404);

    // A share made after the refused ones arrives; none of the refused ones did.
    const witness = newEmail('witness');
    expect((await share(`/sessions/${session.id}/share`, witness)).status).toBe(202);
    expect(await waitForEmails(witness, 1)).toHaveLength(1);
    expect((await sentEmails()).filter((mail) => mail.destination.to.includes(nobody))).toEqual([]);
  });

  it('sends the session with its time, its zone and its link, and nothing about who booked', async () => {
    const session = await createSession({
      title: `Shared Circle ${ulid().slice(-6)}`,
      locationType: 'onsite',
      city: 'London',
      postCode: 'E8 3PB',
    });
    const to = newEmail('friend');
    expect((await share(`/sessions/${session.id}/share`, to)).status).toBe(202);
    const [mail] = await waitForEmails(to, 1);
    const link = `${siteUrl}/sessions/${session.id}`;
    expect(mail.subject).toBe(`A breathwork session for you: ${session.title}`);
    const times = formatTimes(session.startTime, endTime(session));
    expect(times).toMatch(/ \(Europe\/London\)$/);
    expect(mail.body.text).toContain(`Date: ${formatDay(session.startTime)}`);
    expect(mail.body.text).toContain(`Time: ${times}`);
    expect(mail.body.text).toContain('Where: London, E8 3PB');
    expect(mail.body.text).toContain(`See the session: ${link}`);
    expect(mail.body.html).toContain(`href="${link}"`);
    expect(mail.body.html).toContain(times);

    // Share Booking sends the booking's session, and not the attendee's name or address.
    const attendee = newEmail('attendee');
    const booked = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Priya', lastName: 'Private', email: attendee }),
    });
    const other = newEmail('other-friend');
    expect((await share(`/bookings/${booked.body.booking.id}/share`, other)).status).toBe(202);
    const [shared] = await waitForEmails(other, 1);
    expect(shared.body.text).toContain(`/sessions/${session.id}`);
    for (const part of [shared.body.text, shared.body.html]) {
      expect(part).not.toContain('Priya');
      expect(part).not.toContain(attendee);
      expect(part).not.toContain(booked.body.booking.id);
    }
  });

  it('is limited for each mailbox receiving, however its address is spelt, and each client address sending, both routes alike, and says when to try again', async () => {
    const session = await createSession();
    const booked = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Sharer', email: newEmail('sharer') }),
    });
    const routes = [`/sessions/${session.id}/share`, `/bookings/${booked.body.booking.id}/share`];

    // Three an hour to one address, counted across both routes.
    const to = newEmail('popular');
    const first = Date.now();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await share(routes[i % 2], to)).status);
    expect(answers).toEqual([202, 202, 202]);
    for (const path of routes) {
      const refused = await share(path, to);
      expect(refused.status).toBe(429);
      expect(allowanceRefusals('Too many shares.', first, Date.now())).toContain(refused.body.message);
    }

    // One mailbox however its address is tagged or spelt (Gmail's dots and domains included).
    const name = `tagged-${ulid().toLowerCase()}`;
    const spellings = [`${name}+1@gmail.com`, `${name.slice(0, 3)}.${name.slice(3)}@gmail.com`, `${name}+2@googlemail.com`];
    for (const [i, spelt] of spellings.entries()) expect((await share(routes[i % 2], spelt)).status).toBe(202);
    expect((await share(routes[0], `${name}+3@gmail.com`)).status).toBe(429);
    expect((await waitForEmails(spellings[1], 1))[0].destination.to).toEqual([spellings[1]]);

    // Ten an hour from one client address; refused requests (a blank address) count nothing.
    const from = networkOfItsOwn();
    for (const path of routes) expect((await share(path, ' ', from)).status).toBe(400);
    const start = Date.now();
    const sent = [];
    for (let i = 0; i < 10; i++) sent.push((await share(routes[i % 2], newEmail('many'), from)).status);
    expect(sent).toEqual(Array(10).fill(202));
    for (const path of routes) {
      const refused = await share(path, newEmail('many'), from);
      expect(refused.status).toBe(429);
      expect(allowanceRefusals('Too many shares.', start, Date.now())).toContain(refused.body.message);
    }
    // Another network is not held back by it.
    expect((await share(routes[0], newEmail('elsewhere'), networkOfItsOwn())).status).toBe(202);
  });
});
