/**
 * The single DynamoDB table, declared once: keys, indexes, stream and time-to-live, read by the
 * CDK stack, the local stack and the data modules so that all three agree.
 */
export const tableKeys = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** GSI1 is overloaded: all sessions by start time, and each session's bookings by creation time. */
export const gsi1 = { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' } as const;
/** A member's bookings (and later purchases) by the session's start time. */
export const gsi2 = { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' } as const;
/** All orders (bookings, later purchases), newest first, for the admin's orders page. */
export const gsi3 = { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' } as const;
/** Everything booked or bought with an e-mail address, so a new account can claim its guest bookings. */
export const gsi4 = { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' } as const;

export const tableDefinition = {
  keys: tableKeys,
  indexes: [gsi1, gsi2, gsi3, gsi4],
  /** New images on the stream: the outbox relay reads the events written to the table. */
  stream: 'NEW_IMAGE',
  /** Epoch seconds after which DynamoDB deletes the item (outbox events, idempotency and rate records). */
  timeToLiveAttribute: 'ttl',
} as const;

const keyAttributes = new Set<string>([
  tableKeys.partitionKey,
  tableKeys.sortKey,
  ...tableDefinition.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  tableDefinition.timeToLiveAttribute,
  'type',
]);

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}

/** An item as its entity: keys, the type tag and the expiry are storage details. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !keyAttributes.has(name))) as T;
}

/** Epoch seconds `seconds` from now, for the time-to-live attribute. */
export const expiresIn = (seconds: number, now = new Date()) => Math.floor(now.getTime() / 1000) + seconds;
