import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ListQueuesCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { InvokeCommand, LambdaClient, ListFunctionsCommand } from '@aws-sdk/client-lambda';
import { listAwsDeadLetters, redriveAws } from '../../local/dead-letters-aws';

const sqs = mockClient(SQSClient);
const lambda = mockClient(LambdaClient);
const clients = { sqs: new SQSClient({ region: 'eu-west-2' }), lambda: new LambdaClient({ region: 'eu-west-2' }) };
const queueUrl = (id: string) => `https://sqs.eu-west-2.amazonaws.com/1/Breathwork-${id}DeadLetters0A1B2C3D-XyZ`;
const event = (n: number) => JSON.stringify({ id: `e${n}`, 'detail-type': 'BookingConfirmed', detail: { bookingId: `B${n}` } });

beforeEach(() => {
  sqs.reset();
  lambda.reset();
  lambda.on(ListFunctionsCommand).resolves({
    Functions: [
      { FunctionName: 'Breathwork-NotificationsBookingConfirmation1A2B3C4D-abc' },
      { FunctionName: 'Breathwork-NotificationsAdminBookingAlert5E6F7A8B-def' },
      { FunctionName: 'Breathwork-BookingsCreate9C0D1E2F-ghi' },
    ],
  });
  sqs.on(ListQueuesCommand).callsFake((input: { QueueNamePrefix: string }) => ({
    QueueUrls: [queueUrl(input.QueueNamePrefix.replace('Breathwork-', '').replace('DeadLetters', ''))],
  }));
});

describe('dead letters in AWS', () => {
  it("finds each consumer's queue and function by the stack's generated names and counts the messages", async () => {
    sqs.on(GetQueueAttributesCommand).resolves({ Attributes: { ApproximateNumberOfMessages: '2' } });
    const queues = await listAwsDeadLetters(clients, 'Breathwork');
    expect(queues).toEqual([
      {
        consumer: 'notifications/booking-confirmation',
        queueUrl: queueUrl('NotificationsBookingConfirmation'),
        functionName: 'Breathwork-NotificationsBookingConfirmation1A2B3C4D-abc',
        messages: 2,
      },
      {
        consumer: 'notifications/admin-booking-alert',
        queueUrl: queueUrl('NotificationsAdminBookingAlert'),
        functionName: 'Breathwork-NotificationsAdminBookingAlert5E6F7A8B-def',
        messages: 2,
      },
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
    sqs.on(ReceiveMessageCommand, { QueueUrl: queueUrl('NotificationsAdminBookingAlert') }).resolves({});
    lambda.on(InvokeCommand).callsFake((input: { Payload: Uint8Array }) => {
      const body = JSON.parse(new TextDecoder().decode(input.Payload)) as { id: string };
      return body.id === 'e1'
        ? { StatusCode: 200, Payload: new TextEncoder().encode('null') }
        : { StatusCode: 200, FunctionError: 'Unhandled', Payload: new TextEncoder().encode('{"errorMessage":"SES down"}') };
    });
    sqs.on(DeleteMessageCommand).resolves({});

    const results = await redriveAws(clients, 'Breathwork');

    expect(results).toEqual([
      { consumer: 'notifications/booking-confirmation', messageId: 'm1', ok: true },
      { consumer: 'notifications/booking-confirmation', messageId: 'm2', ok: false, error: '{"errorMessage":"SES down"}' },
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

  it('refuses to guess when a queue or function is missing', async () => {
    sqs.on(ListQueuesCommand).resolves({ QueueUrls: [] });
    await expect(listAwsDeadLetters(clients, 'Breathwork')).rejects.toThrow(/one dead-letter queue and one function/);
  });
});
