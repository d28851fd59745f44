import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import { dynamoClient } from './aws';
import { tableDefinition, tableKeys, tableName } from './table';

/**
 * Where Powertools Idempotency keeps its records: the single table, with its TTL, under one
 * partition per user of it, named the same in both runtimes (by default Powertools names it
 * after the Lambda's function name, which the local stack's shared process cannot give).
 */
export function idempotencyStore(partition: string) {
  return new DynamoDBPersistenceLayer({
    tableName: tableName(),
    awsSdkV3Client: dynamoClient,
    keyAttr: tableKeys.partitionKey,
    sortKeyAttr: tableKeys.sortKey,
    expiryAttr: tableDefinition.timeToLiveAttribute,
    staticPkValue: `idempotency#${partition}`,
  });
}

/**
 * `run` with Powertools Idempotency: its effect happens once per key within `windowSeconds` (and at
 * least once). Called with its input, the key that names it (what is hashed: no expression picks it
 * out, see infra/no-jmespath.ts) and the invocation's context, which the in-progress record expires
 * with, so a retry can take it up. A thrown error removes that record; the result is kept.
 */
export function oncePerKey<Input, Result>(
  store: { partition: string; keyPrefix?: string; windowSeconds: number },
  run: (input: Input) => Promise<Result>,
) {
  const config = new IdempotencyConfig({ expiresAfterSeconds: store.windowSeconds });
  const once = makeIdempotent((input: Input, _key: unknown) => run(input), {
    persistenceStore: idempotencyStore(store.partition),
    config,
    keyPrefix: store.keyPrefix,
    dataIndexArgument: 1,
  });
  return (input: Input, key: unknown, context: Context) => {
    config.registerLambdaContext(context);
    return once(input, key);
  };
}
