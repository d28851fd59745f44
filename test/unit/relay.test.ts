import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBRecord } from 'aws-lambda';
import { handler } from '../../functions/outbox/relay';

process.env.EVENT_BUS_NAME = 'test-bus';
const eventBridge = mockClient(EventBridgeClient);
const context = { functionName: 'relay', awsRequestId: 'r' } as Context;

const detail = (n: number) => ({ bookingId: `B${n}`, sessionId: 'S1', attendeeName: 'Ada', attendeeEmail: 'ada@example.com' });
function record(n: number, item: Record<string, unknown>, eventName: DynamoDBRecord['eventName'] = 'INSERT'): DynamoDBRecord {
  return { eventName, dynamodb: { SequenceNumber: String(100 + n), NewImage: marshall(item) as never } };
}
const outbox = (n: number) =>
  record(n, { pk: `OUTBOX#${n}`, sk: 'EVENT', type: 'OutboxEvent', eventType: 'BookingConfirmed', detail: detail(n) });
const run = (records: DynamoDBRecord[]) => handler({ Records: records }, context);

beforeEach(() => eventBridge.reset());

describe('the outbox relay', () => {
  it('publishes outbox inserts to the bus in order, ten to a call, and nothing else', async () => {
    eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [] });
    const records = [
      ...Array.from({ length: 12 }, (_, i) => outbox(i)),
      record(50, { pk: 'BOOKING#1', sk: 'BOOKING', type: 'Booking' }),
      { ...outbox(51), eventName: 'REMOVE' as const },
    ];
    expect(await run(records)).toEqual({ batchItemFailures: [] });
    const calls = eventBridge.commandCalls(PutEventsCommand).map((c) => c.args[0].input.Entries!);
    expect(calls.map((entries) => entries.length)).toEqual([10, 2]);
    expect(calls[0][0]).toEqual({
      EventBusName: 'test-bus',
      Source: 'breathwork',
      DetailType: 'BookingConfirmed',
      Detail: JSON.stringify(detail(0)),
    });
  });

  it('hands back the first record the bus did not take, so it and all later ones come again', async () => {
    eventBridge
      .on(PutEventsCommand)
      .resolvesOnce({ FailedEntryCount: 0, Entries: [] })
      .resolves({ FailedEntryCount: 1, Entries: [{ EventId: 'a' }, { ErrorCode: 'InternalFailure' }] });
    const records = Array.from({ length: 13 }, (_, i) => outbox(i));
    expect(await run(records)).toEqual({ batchItemFailures: [{ itemIdentifier: '111' }] });
  });

  it('hands back the whole chunk when the bus cannot be reached', async () => {
    eventBridge.on(PutEventsCommand).rejects(new Error('connect ECONNREFUSED'));
    expect(await run([outbox(1), outbox(2)])).toEqual({ batchItemFailures: [{ itemIdentifier: '101' }] });
  });
});
