import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
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
