/**
 * The single DynamoDB table: key names and the one secondary index, shared by the CDK stack,
 * the local stack and the data modules so that all three agree.
 */
export const tableKeys = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** GSI1 is overloaded: all sessions by start time, and each session's bookings by creation time. */
export const gsi1 = { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' } as const;

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}

/** An item as its entity: the keys and the type tag are storage details. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _gpk, gsi1sk: _gsk, type: _type, ...record } = item;
  return record as T;
}
