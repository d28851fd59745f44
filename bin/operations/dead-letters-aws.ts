import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { outboxRelay } from '../../functions/consumers';
import { republishStreamBatch, type OutboxPlace, type StreamBatchInfo } from '../../functions/outbox/republish';
import { stackOutputs } from './stack-outputs';

/**
 * Dead letters in AWS, of three kinds, each in its own SQS queue named by the stack's outputs:
 * - a consumer's (`ConsumerDeadLetters`): events its rule could not deliver, re-driven by
 *   invoking the consumer with each;
 * - a job's (`ScheduleDeadLetters`): runs the scheduler could not deliver or that failed,
 *   re-driven by invoking the job with each;
 * - the outbox relay's (`RelayFailures`): the stream positions of batches it gave up on, not the
 *   events, re-driven by putting the outbox items of their time on the bus again.
 */
export type DeadLetterQueue =
  | { kind: 'consumer' | 'schedule'; handler: string; queueUrl: string; functionName: string }
  | { kind: 'relay'; handler: string; queueUrl: string };
export type AwsClients = {
  sqs: SQSClient;
  lambda: LambdaClient;
  cloudFormation: CloudFormationClient;
  dynamo: DynamoDBDocumentClient;
  eventBridge: EventBridgeClient;
};
/**
 * What became of one dead letter: re-driven (ok), failed again (error, the message stays), or lost
 * (a relay failure whose events the outbox no longer holds: nothing left to re-drive; the message
 * stays as the record of what was lost).
 */
export type RedriveResult = {
  kind: DeadLetterQueue['kind'];
  handler: string;
  messageId: string;
  ok: boolean;
  lost?: true;
  error?: string;
};

type Named = Record<string, { queueUrl: string; functionName: string }>;

export async function deadLetterQueues(clients: Pick<AwsClients, 'cloudFormation'>, stackName: string) {
  const outputs = await stackOutputs(clients.cloudFormation, stackName, [
    'ConsumerDeadLetters',
    'ScheduleDeadLetters',
    'RelayFailures',
    'TableName',
    'EventBusName',
  ]);
  const invoked = (kind: 'consumer' | 'schedule', output: string): DeadLetterQueue[] =>
    Object.entries(JSON.parse(output) as Named).map(([handler, queue]) => ({ kind, handler, ...queue }));
  const queues: DeadLetterQueue[] = [
    ...invoked('consumer', outputs.ConsumerDeadLetters),
    ...invoked('schedule', outputs.ScheduleDeadLetters),
    { kind: 'relay', handler: outboxRelay.handler, queueUrl: outputs.RelayFailures },
  ];
  const outbox: OutboxPlace = { tableName: outputs.TableName, busName: outputs.EventBusName };
  return { queues, outbox };
}

export async function listAwsDeadLetters(clients: Pick<AwsClients, 'cloudFormation' | 'sqs'>, stackName: string) {
  const { queues } = await deadLetterQueues(clients, stackName);
  return Promise.all(
    queues.map(async (queue) => {
      const { Attributes } = await clients.sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: queue.queueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
      );
      return { ...queue, messages: Number(Attributes?.ApproximateNumberOfMessages ?? 0) };
    }),
  );
}

/** The failure record Lambda writes for a stream batch it gave up on: where it was, and when. */
type StreamBatchFailure = { DDBStreamBatchInfo?: StreamBatchInfo };

/**
 * Re-drives every dead letter of the stack. A consumer's or a job's message is sent to its
 * function; a relay failure puts the outbox items written around its batch's time on the bus
 * again (consumers are idempotent: those already handled do nothing twice). A message is
 * deleted once that has succeeded; one that fails again stays, visible again after the
 * visibility timeout.
 */
export async function redriveAws(clients: AwsClients, stackName: string, visibilityTimeout = 300): Promise<RedriveResult[]> {
  const { queues, outbox } = await deadLetterQueues(clients, stackName);
  const results: RedriveResult[] = [];
  const redrive = async (queue: DeadLetterQueue, body: string): Promise<{ error?: string; lost?: true }> => {
    if (queue.kind === 'relay') {
      const batch = (JSON.parse(body) as StreamBatchFailure).DDBStreamBatchInfo;
      if (!batch) return { error: 'Not a stream batch failure record' };
      return republishStreamBatch(clients, outbox, batch);
    }
    const response = await clients.lambda.send(
      new InvokeCommand({
        FunctionName: queue.functionName,
        InvocationType: 'RequestResponse',
        Payload: new TextEncoder().encode(body),
      }),
    );
    return response.FunctionError ? { error: new TextDecoder().decode(response.Payload ?? new Uint8Array()) } : {};
  };

  for (const queue of queues) {
    const seen = new Set<string>();
    for (;;) {
      const { Messages = [] } = await clients.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queue.queueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
          VisibilityTimeout: visibilityTimeout,
        }),
      );
      const fresh = Messages.filter((m) => !seen.has(m.MessageId!));
      if (fresh.length === 0) break;
      for (const message of fresh) {
        seen.add(message.MessageId!);
        const { error, lost } = await redrive(queue, message.Body ?? '{}');
        const result: RedriveResult = { kind: queue.kind, handler: queue.handler, messageId: message.MessageId!, ok: !error };
        if (error) {
          results.push({ ...result, error, ...(lost && { lost }) });
          continue;
        }
        await clients.sqs.send(new DeleteMessageCommand({ QueueUrl: queue.queueUrl, ReceiptHandle: message.ReceiptHandle }));
        results.push(result);
      }
    }
  }
  return results;
}
