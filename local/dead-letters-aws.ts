import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ListQueuesCommand,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { InvokeCommand, ListFunctionsCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { consumers } from '../events/catalogue';
import { constructId } from '../infra/handler-function';

/**
 * Dead letters in AWS: each consumer's rule parks what it could not deliver in an SQS queue
 * the CDK stack names `<stack>-<Consumer>DeadLetters…`, beside the consumer's Lambda
 * `<stack>-<Consumer>…` (CloudFormation's generated names from the construct ids infra/handler-function.ts gives).
 */
export type ConsumerQueue = { consumer: string; queueUrl: string; functionName: string };

export async function consumerQueues(
  clients: { sqs: SQSClient; lambda: LambdaClient },
  stackName: string,
): Promise<ConsumerQueue[]> {
  const functionNames: string[] = [];
  let marker: string | undefined;
  do {
    const page = await clients.lambda.send(new ListFunctionsCommand({ Marker: marker }));
    functionNames.push(...(page.Functions ?? []).map((f) => f.FunctionName!));
    marker = page.NextMarker;
  } while (marker);

  const found: ConsumerQueue[] = [];
  for (const consumer of consumers) {
    const id = constructId(consumer.handler);
    const { QueueUrls = [] } = await clients.sqs.send(
      new ListQueuesCommand({ QueueNamePrefix: `${stackName}-${id}DeadLetters` }),
    );
    // The function's generated name is its id and a hash: the id must not run on into a longer name.
    const functions = functionNames.filter((name) => new RegExp(`^${stackName}-${id}[0-9A-F]{8}-`).test(name));
    if (QueueUrls.length !== 1 || functions.length !== 1) {
      throw new Error(`Expected one dead-letter queue and one function for ${consumer.handler} in ${stackName}`);
    }
    found.push({ consumer: consumer.handler, queueUrl: QueueUrls[0], functionName: functions[0] });
  }
  return found;
}

export async function listAwsDeadLetters(clients: { sqs: SQSClient; lambda: LambdaClient }, stackName: string) {
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
export async function redriveAws(clients: { sqs: SQSClient; lambda: LambdaClient }, stackName: string, visibilityTimeout = 300) {
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
