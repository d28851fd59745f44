import { everyItem } from '../lib/every-item';
import { gsi4, tableName } from '../lib/table';

/**
 * Everything of one type (bookings, purchases) made as a guest with an address and not yet any
 * member's: every page of gsi4 `EMAIL#<address>`, for the account that verifies the address to claim.
 */
export function unclaimedByAddress<T>(email: string, type: 'Booking' | 'Purchase'): Promise<T[]> {
  return everyItem<T>({
    TableName: tableName(),
    IndexName: gsi4.indexName,
    KeyConditionExpression: '#pk = :pk',
    FilterExpression: '#type = :type AND attribute_not_exists(userId)',
    ExpressionAttributeNames: { '#pk': gsi4.partitionKey, '#type': 'type' },
    ExpressionAttributeValues: { ':pk': `EMAIL#${email.toLowerCase()}`, ':type': type },
  });
}
