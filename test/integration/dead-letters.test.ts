import { describe, expect, inject, it } from 'vitest';
import { appendFileSync } from 'node:fs';
import { bookingFacts } from '../../functions/domain/records/bookings';
import { EVENT_SOURCE } from '../../events/catalogue';
import { busEvent, deadLetterFile, type DeadLetter } from '../../local/bus';
import { functionName } from '../../local/lambda';
import { waitForEmails } from '../support/stack';
import { createSession, unannouncedBooking } from '../support/sessions';
import { noStackFolder, operation } from '../support/operations';

const deadLetters = (...args: string[]) => operation('dead-letters', args);
const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));
const consumer = 'notifications/booking-confirmation';

/**
 * A booking whose confirmation never went out: in the table, and its BookingConfirmed event
 * dead-lettered for the confirmation's consumer as the local bus writes one after its last retry
 * (two minutes of them: too long to wait for here), with the error the mail server gave.
 */
async function undeliveredConfirmation(title: string, email: string) {
  const booking = await unannouncedBooking(await createSession({ title }), { firstName: 'Dora', lastName: 'Deadletter', email });
  const event = busEvent('BookingConfirmed', EVENT_SOURCE, bookingFacts(booking));
  const letter: DeadLetter = {
    id: `${event.id}.${functionName(consumer)}`,
    consumer,
    event,
    attempts: 6,
    error: 'Error: connect ECONNREFUSED 127.0.0.1 (the mail server)',
    deadLetteredAt: new Date().toISOString(),
  };
  return { booking, letter };
}
const deadLetter = (letter: DeadLetter) => appendFileSync(deadLetterFile(inject('stackDataDir')), JSON.stringify(letter) + '\n');

describe('npm run dead-letters, on the local stack', () => {
  it('lists a delivery that failed every retry, and once the cause is fixed re-drives it: the e-mail goes out once', async () => {
    const email = 'dead-letter@example.com';
    const { booking, letter } = await undeliveredConfirmation('Redriven Breath', email);
    deadLetter(letter);

    const listed = await deadLetters('list');
    expect(listed).toMatch(new RegExp(`${consumer}  BookingConfirmed \\{[^\\n]*"bookingId":"${booking.id}"`));
    expect(listed).toContain('ECONNREFUSED');

    const redriven = await deadLetters('redrive');
    expect(redriven).toMatch(new RegExp(`re-driven {5}\\S+  ${consumer}  BookingConfirmed [^\\n]*${booking.id}`));
    expect(redriven).toMatch(/\d+ re-driven, 0 failed again/);
    const [confirmation] = await waitForEmails(email, 1);
    expect(confirmation.subject).toBe('Booking confirmed: Redriven Breath');
    expect(await deadLetters('list')).not.toContain(booking.id);

    // The same event dead-lettered again (a delivery that was in fact handled): nothing twice.
    deadLetter({ ...letter, id: `${letter.id}-again` });
    expect(await deadLetters('redrive')).toContain(booking.id);
    await settle();
    expect(await waitForEmails(email, 2, 500)).toHaveLength(1);
    expect(await deadLetters('list')).not.toContain(booking.id);
  });

  it('says what it needs when no local stack runs on the data folder to re-drive through', async () => {
    await expect(operation('dead-letters', ['redrive'], noStackFolder())).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('needs the local stack running'),
    });
  });
});
