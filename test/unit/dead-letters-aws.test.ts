import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { listAwsDeadLetters, redriveAws } from '../../bin/operations/dead-letters-aws';

const sqs = mockClient(SQSClient);
const lambda = mockClient(LambdaClient);
const cloudFormation = mockClient(CloudFormationClient);
const dynamo = mockClient(DynamoDBDocumentClient);
const eventBridge = mockClient(EventBridgeClient);
const region = { region: 'eu-west-2' };
const clients = {
  sqs: new SQSClient(region),
  lambda: new LambdaClient(region),
  cloudFormation: new CloudFormationClient(region),
  dynamo: DynamoDBDocumentClient.from(new DynamoDBClient(region)),
  eventBridge: new EventBridgeClient(region),
};
const queueUrl = (id: string) => `https://sqs.eu-west-2.amazonaws.com/1/Breathwork-${id}DeadLetters0A1B2C3D-XyZ`;
const event = (n: number) => JSON.stringify({ id: `e${n}`, 'detail-type': 'BookingConfirmed', detail: { bookingId: `B${n}` } });

const consumerOutput = {
  'notifications/booking-confirmation': {
    queueUrl: queueUrl('NotificationsBookingConfirmation'),
    functionName: 'Breathwork-NotificationsBookingConfirmation1A2B3C4D-abc',
  },
  'notifications/admin-booking-alert': {
    queueUrl: queueUrl('NotificationsAdminBookingAlert'),
    functionName: 'Breathwork-NotificationsAdminBookingAlert5E6F7A8B-def',
  },
};
const scheduleOutput = {
  'payments/release-expired-holds': {
    queueUrl: queueUrl('PaymentsReleaseExpiredHolds'),
    functionName: 'Breathwork-PaymentsReleaseExpiredHolds9A8B7C6D-ghi',
  },
};
const relayQueue = 'https://sqs.eu-west-2.amazonaws.com/1/Breathwork-EventsRelayFailures1F2E3D4C-Abc';
const outputs = [
  { OutputKey: 'ConsumerDeadLetters', OutputValue: JSON.stringify(consumerOutput) },
  { OutputKey: 'ScheduleDeadLetters', OutputValue: JSON.stringify(scheduleOutput) },
  { OutputKey: 'RelayFailures', OutputValue: relayQueue },
  { OutputKey: 'TableName', OutputValue: 'Breathwork-Table-XYZ' },
  { OutputKey: 'EventBusName', OutputValue: 'Breathwork-events' },
];
const stackWith = (Outputs: { OutputKey: string; OutputValue: string }[]) => ({
  Stacks: [{ StackName: 'Breathwork', CreationTime: new Date(), StackStatus: 'UPDATE_COMPLETE' as const, Outputs }],
});

beforeEach(() => {
  sqs.reset();
  lambda.reset();
  cloudFormation.reset();
  dynamo.reset();
  eventBridge.reset();
  cloudFormation.on(DescribeStacksCommand, { StackName: 'Breathwork' }).resolves(stackWith(outputs));
  sqs.on(ReceiveMessageCommand).resolves({});
  sqs.on(DeleteMessageCommand).resolves({});
});

describe('dead letters in AWS', () => {
  it("finds every dead-letter queue, the consumers', the jobs' and the relay's, from the stack's outputs and counts the messages", async () => {
    sqs.on(GetQueueAttributesCommand).resolves({ Attributes: { ApproximateNumberOfMessages: '2' } });
    const queues = await listAwsDeadLetters(clients, 'Breathwork');
    expect(queues).toEqual([
      {
        kind: 'consumer',
        handler: 'notifications/booking-confirmation',
        queueUrl: queueUrl('NotificationsBookingConfirmation'),
        functionName: 'Breathwork-NotificationsBookingConfirmation1A2B3C4D-abc',
        messages: 2,
      },
      {
        kind: 'consumer',
        handler: 'notifications/admin-booking-alert',
        queueUrl: queueUrl('NotificationsAdminBookingAlert'),
        functionName: 'Breathwork-NotificationsAdminBookingAlert5E6F7A8B-def',
        messages: 2,
      },
      {
        kind: 'schedule',
        handler: 'payments/release-expired-holds',
        queueUrl: queueUrl('PaymentsReleaseExpiredHolds'),
        functionName: 'Breathwork-PaymentsReleaseExpiredHolds9A8B7C6D-ghi',
        messages: 2,
      },
      { kind: 'relay', handler: 'outbox/relay', queueUrl: relayQueue, messages: 2 },
    ]);
  });

  it('invokes the consumer with each message and deletes only those it handled', async () => {
    const confirmationQueue = queueUrl('NotificationsBookingConfirmation');
    sqs
      .on(ReceiveMessageCommand, { QueueUrl: confirmationQueue })
      .resolvesOnce({
        Messages: [
          { MessageId: 'm1', ReceiptHandle: 'r1', Body: event(1) },
          { MessageId: 'm2', ReceiptHandle: 'r2', Body: event(2) },
        ],
      })
      .resolves({});
    lambda.on(InvokeCommand).callsFake((input: { Payload: Uint8Array }) => {
      const body = JSON.parse(new TextDecoder().decode(input.Payload)) as { id: string };
      return body.id === 'e1'
        ? { StatusCode: 200, Payload: new TextEncoder().encode('null') }
        : { StatusCode: 200, FunctionError: 'Unhandled', Payload: new TextEncoder().encode('{"errorMessage":"SES down"}') };
    });

    const results = await redriveAws(clients, 'Breathwork');

    expect(results).toEqual([
      { kind: 'consumer', handler: 'notifications/booking-confirmation', messageId: 'm1', ok: true },
      {
        kind: 'consumer',
        handler: 'notifications/booking-confirmation',
        messageId: 'm2',
        ok: false,
        error: '{"errorMessage":"SES down"}',
      },
    ]);
    const invoked = lambda.commandCalls(InvokeCommand).map((c) => c.args[0].input);
    expect(invoked.map((i) => [i.FunctionName, new TextDecoder().decode(i.Payload as Uint8Array)])).toEqual([
      ['Breathwork-NotificationsBookingConfirmation1A2B3C4D-abc', event(1)],
      ['Breathwork-NotificationsBookingConfirmation1A2B3C4D-abc', event(2)],
    ]);
    expect(sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input)).toEqual([
      { QueueUrl: confirmationQueue, ReceiptHandle: 'r1' },
    ]);
  });

  it('invokes a job with its failed run, as the scheduler would have', async () => {
    const scheduled = JSON.stringify({ 'detail-type': 'Scheduled Event', source: 'aws.scheduler', detail: {} });
    sqs
      .on(ReceiveMessageCommand, { QueueUrl: queueUrl('PaymentsReleaseExpiredHolds') })
      .resolvesOnce({ Messages: [{ MessageId: 's1', ReceiptHandle: 'rs1', Body: scheduled }] })
      .resolves({});
    lambda.on(InvokeCommand).callsFake(() => ({ StatusCode: 200, Payload: new TextEncoder().encode('null') }));

    expect(await redriveAws(clients, 'Breathwork')).toEqual([
      { kind: 'schedule', handler: 'payments/release-expired-holds', messageId: 's1', ok: true },
    ]);
    const [invoked] = lambda.commandCalls(InvokeCommand).map((c) => c.args[0].input);
    expect(invoked.FunctionName).toBe('Breathwork-PaymentsReleaseExpiredHolds9A8B7C6D-ghi');
    expect(new TextDecoder().decode(invoked.Payload as Uint8Array)).toBe(scheduled);
    expect(sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input.ReceiptHandle)).toEqual(['rs1']);
  });

  it('re-drives a batch the relay gave up on by putting the outbox items of its time on the bus again', async () => {
    const failure = JSON.stringify({
      version: '1.0',
      timestamp: '2030-01-02T10:05:00.000Z',
      DDBStreamBatchInfo: {
        shardId: 'shardId-1',
        startSequenceNumber: '100',
        endSequenceNumber: '102',
        approximateArrivalOfFirstRecord: '2030-01-01T10:00:00Z',
        approximateArrivalOfLastRecord: '2030-01-01T10:02:00Z',
        batchSize: 3,
        streamArn: 'arn:aws:dynamodb:eu-west-2:1:table/Breathwork-Table-XYZ/stream/2030-01-01T00:00:00.000',
      },
    });
    sqs
      .on(ReceiveMessageCommand, { QueueUrl: relayQueue })
      .resolvesOnce({ Messages: [{ MessageId: 'f1', ReceiptHandle: 'rf1', Body: failure }] })
      .resolves({});
    const detail = { bookingId: 'B1', sessionId: 'S1', attendeeName: 'Ada Lovelace', attendeeEmail: 'ada@example.com' };
    dynamo.on(ScanCommand).resolves({
      Items: [
        { id: '02', eventType: 'ReminderDue', detail: { bookingId: 'B2' }, createdAt: '2030-01-01T10:01:00.000Z' },
        { id: '01', eventType: 'BookingConfirmed', detail, createdAt: '2030-01-01T10:00:00.000Z' },
      ],
    });
    eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'x1' }, { EventId: 'x2' }] });

    expect(await redriveAws(clients, 'Breathwork')).toEqual([
      { kind: 'relay', handler: 'outbox/relay', messageId: 'f1', ok: true },
    ]);

    // The window around the batch, a minute either side, in the stack's table.
    const [scan] = dynamo.commandCalls(ScanCommand).map((c) => c.args[0].input);
    expect(scan.TableName).toBe('Breathwork-Table-XYZ');
    expect(scan.ExpressionAttributeValues).toMatchObject({
      ':since': '2030-01-01T09:59:00.000Z',
      ':until': '2030-01-01T10:03:00.000Z',
    });
    // Put on the stack's bus in the order they were written.
    const [put] = eventBridge.commandCalls(PutEventsCommand).map((c) => c.args[0].input);
    expect(put.Entries).toEqual([
      { EventBusName: 'Breathwork-events', Source: 'breathwork', DetailType: 'BookingConfirmed', Detail: JSON.stringify(detail) },
      { EventBusName: 'Breathwork-events', Source: 'breathwork', DetailType: 'ReminderDue', Detail: '{"bookingId":"B2"}' },
    ]);
    expect(sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input.ReceiptHandle)).toEqual(['rf1']);
  });

  it('keeps a relay failure whose events the bus would not take', async () => {
    sqs
      .on(ReceiveMessageCommand, { QueueUrl: relayQueue })
      .resolvesOnce({
        Messages: [
          {
            MessageId: 'f2',
            ReceiptHandle: 'rf2',
            Body: JSON.stringify({
              DDBStreamBatchInfo: {
                approximateArrivalOfFirstRecord: '2030-01-01T10:00:00Z',
                approximateArrivalOfLastRecord: '2030-01-01T10:00:00Z',
              },
            }),
          },
        ],
      })
      .resolves({});
    dynamo.on(ScanCommand).resolves({
      Items: [{ id: '01', eventType: 'BookingConfirmed', detail: {}, createdAt: '2030-01-01T10:00:00.000Z' }],
    });
    eventBridge.on(PutEventsCommand).rejects(new Error('connect ETIMEDOUT'));

    expect(await redriveAws(clients, 'Breathwork')).toEqual([
      {
        kind: 'relay',
        handler: 'outbox/relay',
        messageId: 'f2',
        ok: false,
        error: 'The bus did not take every outbox event: Error: connect ETIMEDOUT',
      },
    ]);
    expect(sqs.commandCalls(DeleteMessageCommand)).toHaveLength(0);
  });

  it('counts a relay failure whose events the outbox no longer holds as lost, never as re-driven, and keeps its record', async () => {
    sqs
      .on(ReceiveMessageCommand, { QueueUrl: relayQueue })
      .resolvesOnce({
        Messages: [
          {
            MessageId: 'f3',
            ReceiptHandle: 'rf3',
            Body: JSON.stringify({
              DDBStreamBatchInfo: {
                approximateArrivalOfFirstRecord: '2030-01-01T10:00:00Z',
                approximateArrivalOfLastRecord: '2030-01-01T10:01:00Z',
              },
            }),
          },
        ],
      })
      .resolves({});
    dynamo.on(ScanCommand).resolves({ Items: [] });

    expect(await redriveAws(clients, 'Breathwork')).toEqual([
      {
        kind: 'relay',
        handler: 'outbox/relay',
        messageId: 'f3',
        ok: false,
        lost: true,
        error: 'The outbox no longer holds the events of 2030-01-01T10:00:00Z to 2030-01-01T10:01:00Z (kept 14 days): lost',
      },
    ]);
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(0);
    expect(sqs.commandCalls(DeleteMessageCommand)).toHaveLength(0);
  });

  it('says so when the deployed stack predates an output it needs', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves(stackWith(outputs.slice(0, 1)));
    await expect(listAwsDeadLetters(clients, 'Breathwork')).rejects.toThrow(
      /has no ScheduleDeadLetters, RelayFailures, TableName, EventBusName output: deploy the current version first/,
    );
  });
});
