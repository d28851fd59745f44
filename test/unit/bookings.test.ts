import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { bookFreeSession } from '../../functions/domain/bookings';
import type { SessionRecord } from '../../functions/domain/sessions';

process.env.TABLE_NAME = 'test-table';
const dynamo = mockClient(DynamoDBDocumentClient);
const now = new Date('2030-01-01T10:00:00.000Z');
const session = { id: 'S1', startTime: '2030-01-02T10:00:00.000Z', maxAttendees: 10 } as SessionRecord;
const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

beforeEach(() => dynamo.reset());

describe('bookFreeSession', () => {
  it('writes the booking and takes the seat in one conditional transaction', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const booking = await bookFreeSession(session, guest, now);
    expect(booking).toMatchObject({ sessionId: 'S1', attendeeName: 'Ada Lovelace', status: 'completed', paymentStatus: 'free' });

    const [call] = dynamo.commandCalls(TransactWriteCommand);
    const [put, update] = call.args[0].input.TransactItems!;
    expect(put.Put!.Item).toMatchObject({ pk: `BOOKING#${booking.id}`, gsi1pk: 'SESSION#S1' });
    expect(update.Update!.Key).toEqual({ pk: 'SESSION#S1', sk: 'SESSION' });
    expect(update.Update!.ConditionExpression).toContain('seatsTaken < maxAttendees');
  });

  it('reports a failed seat condition as sold out', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    await expect(bookFreeSession(session, guest, now)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This session is sold out.',
    });
  });

  it('retries a conflict with a concurrent booking instead of turning the guest away', async () => {
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'TransactionConflict')).resolves({});
    await expect(bookFreeSession(session, guest, now)).resolves.toMatchObject({ status: 'completed' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('refuses a session that has started without touching the table', async () => {
    await expect(bookFreeSession({ ...session, startTime: '2030-01-01T09:00:00.000Z' }, guest, now)).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(dynamo.calls()).toHaveLength(0);
  });
});
