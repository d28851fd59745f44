import { describe, expect, inject, it } from 'vitest';
import { appendFileSync, writeFileSync } from 'node:fs';
import { ulid } from 'ulid';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { OUTBOX_ITEM_TYPE, outboxKey } from '../../functions/outbox/outbox';
import { readRelayFailures, relayFailureFile, type RelayFailure } from '../../local/relay-failures';
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

/**
 * A booking whose BookingConfirmed event is in the outbox but never reached the bus, as when the
 * relay gave up on its stream record: written as another item type, then made an outbox item by
 * an update, which the stream reader passes by (it relays inserts only).
 */
async function unrelayedConfirmation(title: string, email: string, now: Date) {
  const booking = await unannouncedBooking(await createSession({ title }), { firstName: 'Rita', lastName: 'Relay', email });
  const id = ulid(now.getTime());
  const item = {
    ...outboxKey(id),
    type: 'Staged',
    id,
    eventType: 'BookingConfirmed',
    detail: bookingFacts(booking),
    createdAt: now.toISOString(),
  };
  await dynamo.send(new PutCommand({ TableName: tableName(), Item: item }));
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxKey(id),
      UpdateExpression: 'SET #type = :outbox',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':outbox': OUTBOX_ITEM_TYPE },
    }),
  );
}

/** The record the stream reader keeps when it gives up on a stream record that arrived at `arrival`. */
const relayFailure = (arrival: Date): RelayFailure => {
  const sequenceNumber = String(Date.now()) + String(Math.random()).slice(2, 8);
  return {
    id: `shard-test.${sequenceNumber}`,
    error: 'the relay reported the record as not published',
    failedAt: new Date().toISOString(),
    DDBStreamBatchInfo: {
      shardId: 'shard-test',
      startSequenceNumber: sequenceNumber,
      endSequenceNumber: sequenceNumber,
      approximateArrivalOfFirstRecord: arrival.toISOString(),
      approximateArrivalOfLastRecord: arrival.toISOString(),
      batchSize: 1,
      streamArn: 'arn:aws:dynamodb:local:000000000000:table/breathwork/stream/test',
    },
  };
};
const relayFailures = () => relayFailureFile(inject('stackDataDir'));

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

  it('lists an outbox event the relay gave up on, and re-drives it by putting its time on the bus again: the e-mail goes out once', async () => {
    const email = 'relay-failure@example.com';
    const now = new Date();
    await unrelayedConfirmation('Relayed Late', email, now);
    const failure = relayFailure(now);
    // And one from long ago, whose events the outbox no longer holds.
    const lost = relayFailure(new Date(Date.now() - 90 * 86_400_000));
    appendFileSync(relayFailures(), [failure, lost].map((f) => JSON.stringify(f) + '\n').join(''));

    const listed = await deadLetters('list');
    expect(listed).toContain(
      `outbox relay  stream record ${failure.DDBStreamBatchInfo.startSequenceNumber} of ${now.toISOString()}`,
    );
    expect(listed).toMatch(/\d+ dead letter\(s\), 2 relay failure\(s\)/);
    expect(await waitForEmails(email, 1, 500)).toHaveLength(0);

    const redrive = deadLetters('redrive');
    await expect(redrive).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringMatching(
        /re-driven {5}\S+ {2}outbox relay {2}stream record [\s\S]*failed again {2}\S+ {2}outbox relay [\s\S]*lost/,
      ),
    });
    const [confirmation] = await waitForEmails(email, 1);
    expect(confirmation.subject).toBe('Booking confirmed: Relayed Late');
    // The re-driven one leaves the file; the lost one stays as the record of what was lost.
    expect(readRelayFailures(relayFailures()).map((f) => f.id)).toEqual([lost.id]);
    writeFileSync(relayFailures(), '');
    await settle();
    expect(await waitForEmails(email, 2, 500)).toHaveLength(1);
  });

  it('says what it needs when no local stack runs on the data folder to re-drive through', async () => {
    await expect(operation('dead-letters', ['redrive'], noStackFolder())).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('needs the local stack running'),
    });
  });
});
