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
});
