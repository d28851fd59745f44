import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { gsi1, tableName } from '../../functions/lib/table';
import { getSession, sessionItem, type SessionRecord } from '../../functions/domain/records/sessions';
import { bookingItem, sessionSnapshot, type BookingRecord } from '../../functions/domain/records/bookings';

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

/**
 * A free, confirmed booking of the session written straight to the table, with no outbox event:
 * nothing tells the consumers of it, as if its event had been lost on the way to them.
 */
export async function unannouncedBooking(
  session: SessionRecord,
  attendee: { firstName: string; lastName: string; email: string },
  createdAt = new Date(),
): Promise<BookingRecord> {
  const booking: BookingRecord = {
    id: ulid(),
    sessionId: session.id,
    firstName: attendee.firstName,
    lastName: attendee.lastName,
    attendeeName: `${attendee.firstName} ${attendee.lastName}`,
    attendeeEmail: attendee.email,
    state: 'confirmed',
    price: { amount: 0, currency: 'GBP' },
    session: sessionSnapshot(session),
    createdAt: createdAt.toISOString(),
  };
  await dynamo.send(new PutCommand({ TableName: tableName(), Item: bookingItem(booking) }));
  return booking;
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
