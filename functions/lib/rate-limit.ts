import { expiresIn, tableName } from './table';

/**
 * A per-hour allowance as one more item of a transaction: a counter for (what, who, this hour)
 * that the transaction raises by one, on condition that it is still under the limit. The
 * counter expires with the hour, so a refused transaction costs nothing and counts nothing.
 */
export function hourlyAllowance(what: string, who: string, limit: number, now: Date) {
  const hour = now.toISOString().slice(0, 13);
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: `LIMIT#${what}#${who}`, sk: hour },
      UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': expiresIn(2 * 3600, now) },
    },
  };
}
