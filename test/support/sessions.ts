import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { gsi1, tableName } from '../../functions/lib/table';
import { getSession, sessionItem, type SessionRecord } from '../../functions/domain/records/sessions';

/**
 * Writes a session straight to the table, as an admin would create it: the shared test stack's
 * table, or through `client` another stack's.
 */
export async function createSession(
  fields: Partial<SessionRecord> = {},
  client: DynamoDBDocumentClient = dynamo,
): Promise<SessionRecord> {
  const session: SessionRecord = {
    id: ulid(),
    title: 'Test Breath Circle',
    description: 'A session made by a test.',
    startTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    durationMinutes: 60,
    locationType: 'online',
    featured: false,
    priceAmount: 0,
    priceCurrency: 'GBP',
    seatsTaken: 0,
    seatsHeld: 0,
    waitlistCount: 0,
    createdAt: new Date().toISOString(),
    ...fields,
  };
  await client.send(new PutCommand({ TableName: tableName(), Item: sessionItem(session) }));
  return session;
}

export async function seatsTaken(sessionId: string): Promise<number> {
  return (await getSession(sessionId))!.seatsTaken;
}

/** The bookings stored for a session, read through GSI1 as the attendee list is. */
export async function bookingsOf(sessionId: string, client: DynamoDBDocumentClient = dynamo): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: gsi1.indexName,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :booking)',
        ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey },
        ExpressionAttributeValues: { ':pk': `SESSION#${sessionId}`, ':booking': 'BOOKING#' },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
