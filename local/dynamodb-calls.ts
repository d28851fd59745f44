import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** The response header that carries a request's DynamoDB round trips, when the stack is asked to count them. */
export const DYNAMODB_CALLS_HEADER = 'x-local-dynamodb-calls';

const currentInvocation = new AsyncLocalStorage<{ calls: number }>();

/**
 * Counts every round trip the client makes to DynamoDB (each attempt, retries included: the
 * middleware sits below the SDK's retry) towards the invocation running it. Added by the local
 * stack only when asked (`npm start -- --count-dynamodb-calls`, as the benchmark does): the
 * handlers' code and their bundles are the same either way.
 */
export function countDynamoDbCalls(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next) => (args) => {
      const invocation = currentInvocation.getStore();
      if (invocation) invocation.calls++;
      return next(args);
    },
    { step: 'deserialize', name: 'countDynamoDbCalls' },
  );
}

/** Runs one invocation and answers its result with the DynamoDB round trips it made. */
export async function withDynamoDbCalls<T>(invocation: () => Promise<T>): Promise<{ result: T; calls: number }> {
  const counter = { calls: 0 };
  const result = await currentInvocation.run(counter, invocation);
  return { result, calls: counter.calls };
}
