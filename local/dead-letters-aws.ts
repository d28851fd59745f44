import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';

/**
 * Dead letters in AWS: each consumer's rule parks what it could not deliver in an SQS queue.
 * The stack's `ConsumerDeadLetters` output names each consumer's queue and Lambda.
 */
export type ConsumerQueue = { consumer: string; queueUrl: string; functionName: string };
type Clients = { sqs: SQSClient; lambda: LambdaClient; cloudFormation: CloudFormationClient };

export async function consumerQueues(clients: Clients, stackName: string): Promise<ConsumerQueue[]> {
  const { Stacks = [] } = await clients.cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
  const output = Stacks[0]?.Outputs?.find((o) => o.OutputKey === 'ConsumerDeadLetters')?.OutputValue;
  if (!output) throw new Error(`The stack ${stackName} has no ConsumerDeadLetters output: deploy the current version first`);
  const byConsumer = JSON.parse(output) as Record<string, Omit<ConsumerQueue, 'consumer'>>;
  return Object.entries(byConsumer).map(([consumer, queue]) => ({ consumer, ...queue }));
}

export async function listAwsDeadLetters(clients: Clients, stackName: string) {
  const queues = await consumerQueues(clients, stackName);
  return Promise.all(
    queues.map(async (queue) => {
      const { Attributes } = await clients.sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: queue.queueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
      );
      return { ...queue, messages: Number(Attributes?.ApproximateNumberOfMessages ?? 0) };
    }),
  );
}

/**
 * Sends each dead letter (the EventBridge event as the rule would have delivered it) to its
 * consumer Lambda, and deletes the message once the function has handled it. A message the
 * function fails again stays, visible again after the visibility timeout.
 */
export async function redriveAws(clients: Clients, stackName: string, visibilityTimeout = 300) {
  const results: { consumer: string; messageId: string; ok: boolean; error?: string }[] = [];
  for (const queue of await consumerQueues(clients, stackName)) {
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
        const response = await clients.lambda.send(
          new InvokeCommand({
            FunctionName: queue.functionName,
            InvocationType: 'RequestResponse',
            Payload: new TextEncoder().encode(message.Body ?? '{}'),
          }),
        );
        if (response.FunctionError) {
          const error = new TextDecoder().decode(response.Payload ?? new Uint8Array());
          results.push({ consumer: queue.consumer, messageId: message.MessageId!, ok: false, error });
          continue;
        }
        await clients.sqs.send(new DeleteMessageCommand({ QueueUrl: queue.queueUrl, ReceiptHandle: message.ReceiptHandle }));
        results.push({ consumer: queue.consumer, messageId: message.MessageId!, ok: true });
      }
    }
  }
  return results;
}
