import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { listAwsDeadLetters, redriveAws } from '../../local/dead-letters-aws';

const sqs = mockClient(SQSClient);
const lambda = mockClient(LambdaClient);
const cloudFormation = mockClient(CloudFormationClient);
const region = { region: 'eu-west-2' };
const clients = {
  sqs: new SQSClient(region),
  lambda: new LambdaClient(region),
  cloudFormation: new CloudFormationClient(region),
};
const queueUrl = (id: string) => `https://sqs.eu-west-2.amazonaws.com/1/Breathwork-${id}DeadLetters0A1B2C3D-XyZ`;
const event = (n: number) => JSON.stringify({ id: `e${n}`, 'detail-type': 'BookingConfirmed', detail: { bookingId: `B${n}` } });

const outputs = {
  'notifications/booking-confirmation': {
    queueUrl: queueUrl('NotificationsBookingConfirmation'),
    functionName: 'Breathwork-NotificationsBookingConfirmation1A2B3C4D-abc',
  },
  'notifications/admin-booking-alert': {
    queueUrl: queueUrl('NotificationsAdminBookingAlert'),
    functionName: 'Breathwork-NotificationsAdminBookingAlert5E6F7A8B-def',
  },
};

beforeEach(() => {
  sqs.reset();
  lambda.reset();
  cloudFormation.reset();
  cloudFormation.on(DescribeStacksCommand, { StackName: 'Breathwork' }).resolves({
    Stacks: [
      {
        StackName: 'Breathwork',
        CreationTime: new Date(),
        StackStatus: 'UPDATE_COMPLETE',
        Outputs: [{ OutputKey: 'ConsumerDeadLetters', OutputValue: JSON.stringify(outputs) }],
      },
    ],
  });
});

describe('dead letters in AWS', () => {
  it("finds each consumer's queue and function from the stack's output and counts the messages", async () => {
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

  it('says so when the deployed stack predates the output', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves({ Stacks: [] });
    await expect(listAwsDeadLetters(clients, 'Breathwork')).rejects.toThrow(/no ConsumerDeadLetters output/);
  });
});
