import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { BookingReceipt } from '../../functions/schemas/booking';
import { api, visitorAddress, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';

const newEmail = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;
const share = (path: string, email: unknown, from = visitorAddress()) =>
  api<{ message?: string; errors?: { message: string }[] }>(path, {
    method: 'POST',
    body: JSON.stringify({ email }),
    headers: { 'cloudfront-viewer-address': from },
  });

describe('sharing a session by e-mail', () => {
  it('refuses a blank or wrong address and an unknown session, and writes nothing', async () => {
    const session = await createSession();
    for (const blank of ['', '   ', undefined]) {
      const refused = await share(`/sessions/${session.id}/share`, blank);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Please enter an email address');
    }
    expect((await share(`/sessions/${session.id}/share`, 'not-an-address')).body.message).toBe(
      'Please enter a valid email address',
    );
    expect((await share(`/sessions/${ulid()}/share`, newEmail('nobody'))).status).toBe(404);
    expect((await share(`/bookings/${ulid()}/share`, newEmail('nobody'))).status).toBe(404);
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
    expect(mail.subject).toBe(`A breathwork session for you: ${session.title}`);
    expect(mail.body.text).toContain(`/sessions/${session.id}`);
    expect(mail.body.text).toMatch(/When: .+ \(Europe\/London\)/);
    expect(mail.body.text).toContain('Where: London, E8 3PB');

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

  it('is limited for each address receiving, and for each client address sending', async () => {
    const session = await createSession();
    const to = newEmail('popular');
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await share(`/sessions/${session.id}/share`, to)).status);
    expect(answers).toEqual([202, 202, 202, 429]);

    const from = visitorAddress();
    const sent = [];
    for (let i = 0; i < 11; i++) sent.push((await share(`/sessions/${session.id}/share`, newEmail('many'), from)).status);
    expect(sent.filter((s) => s === 202)).toHaveLength(10);
    const last = await share(`/sessions/${session.id}/share`, newEmail('many'), from);
    expect(last).toMatchObject({
      status: 429,
      body: { message: expect.stringMatching(/^Too many shares\. Please try again after /) },
    });
  });
});
