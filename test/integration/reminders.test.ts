import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { bookSession } from '../../functions/domain/flows/book-session';
import { queueReminders } from '../../functions/domain/flows/reminders';
import { api, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';

const hours = (n: number) => n * 3_600_000;

describe('session reminders', () => {
  it('reminds each attendee once, a day before, but not those who booked within that day', async () => {
    const session = await createSession({
      title: 'Tomorrow Morning Breath',
      startTime: new Date(Date.now() + hours(20)).toISOString(),
    });
    const early = `early-${ulid().toLowerCase()}@example.com`;
    const late = `late-${ulid().toLowerCase()}@example.com`;
    // Booked three days ago, as the job will find it.
    await bookSession(
      session,
      { firstName: 'Early', lastName: 'Bird', email: early },
      { now: new Date(Date.now() - hours(72)), clientAddress: 'test' },
    );
    await api(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Late', lastName: 'Comer', email: late }),
    });

    expect(await queueReminders(new Date())).toBeGreaterThanOrEqual(1);
    expect(await queueReminders(new Date())).toBe(0);

    const reminders = (await waitForEmails(early, 2)).filter((m) => m.subject.startsWith('Reminder:'));
    expect(reminders.map((m) => m.subject)).toEqual(['Reminder: Tomorrow Morning Breath is coming up']);
    expect(reminders[0].body.text).toContain('A gentle reminder of your place at Tomorrow Morning Breath.');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await waitForEmails(late, 1)).map((m) => m.subject)).toEqual(['Booking confirmed: Tomorrow Morning Breath']);
  });

  it("sends an online session's joining link as it starts soon, and shows it on the attendee's page from then, never before", async () => {
    const soon = await createSession({
      title: `Starting Soon ${ulid()}`,
      locationType: 'online',
      zoomLink: 'https://zoom.us/j/4242',
      startTime: new Date(Date.now() + 20 * 60_000).toISOString(),
    });
    const onSite = await createSession({
      title: `On Site Soon ${ulid()}`,
      locationType: 'onsite',
      startTime: new Date(Date.now() + 20 * 60_000).toISOString(),
    });
    const email = `soon-${ulid().toLowerCase()}@example.com`;
    const booked = (session: typeof soon) =>
      bookSession(
        session,
        { firstName: 'Sam', lastName: 'Soon', email },
        { now: new Date(Date.now() - hours(2)), clientAddress: 'test' },
      );
    const online = await booked(soon);
    await booked(onSite);

    await queueReminders(new Date());
    const [startingSoon, ...more] = (await waitForEmails(email, 3)).filter((m) => m.subject.startsWith('Starting soon'));
    expect(more).toEqual([]);
    expect(startingSoon.subject).toBe(`Starting soon: ${soon.title}`);
    expect(startingSoon.body.text).toContain('Join the session: https://zoom.us/j/4242');
    const managed = await api<{ joinLink: string | null }>(`/manage/${online.manageToken}`);
    expect(managed.body.joinLink).toBe('https://zoom.us/j/4242');

    // Two hours ahead: not yet.
    const later = await createSession({
      locationType: 'online',
      zoomLink: 'https://zoom.us/j/4343',
      startTime: new Date(Date.now() + hours(2)).toISOString(),
    });
    const early = await bookSession(
      later,
      { firstName: 'Eli', lastName: 'Early', email: `early-${ulid().toLowerCase()}@example.com` },
      { now: new Date(), clientAddress: 'test' },
    );
    const notYet = await api<{ joinLink: string | null; joinLinkFrom: string | null }>(`/manage/${early.manageToken}`);
    expect(notYet.body).toMatchObject({
      joinLink: null,
      joinLinkFrom: new Date(Date.parse(later.startTime) - 30 * 60_000).toISOString(),
    });
  });
});
