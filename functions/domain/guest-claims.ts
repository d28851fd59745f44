import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws';
import { gsi4, tableName, withoutKeys } from '../lib/table';

/**
 * Everything of one type (bookings, purchases) made as a guest with an address and not yet any
 * member's: every page of gsi4 `EMAIL#<address>`, for the account that verifies the address to claim.
 */
export async function unclaimedByAddress<T>(email: string, type: 'Booking' | 'Purchase'): Promise<T[]> {
  const unclaimed: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: gsi4.indexName,
        KeyConditionExpression: '#pk = :pk',
        FilterExpression: '#type = :type AND attribute_not_exists(userId)',
        ExpressionAttributeNames: { '#pk': gsi4.partitionKey, '#type': 'type' },
        ExpressionAttributeValues: { ':pk': `EMAIL#${email.toLowerCase()}`, ':type': type },
        ExclusiveStartKey: start,
      }),
    );
    unclaimed.push(...(page.Items ?? []).map((item) => withoutKeys<T>(item)));
    start = page.LastEvaluatedKey;
  } while (start);
  return unclaimed;
}
