import { GetCommand, paginateQuery, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { HttpError } from '../../lib/errors';
import { linkSecretMatches } from '../../lib/link-token';
import { gsi1, tableName, withoutKeys } from '../../lib/table';
import type { WaitlistPlace, WaitlistState } from '../../schemas/waitlist';
import { endTime, getSession, locationText, placeText } from './sessions';
import { listedAddressKey, placeKey, sessionPartition, WAITLIST_PREFIX, waitlistSortKey } from './keys';

// A place on a session's waitlist: joined while the session is sold out, one per e-mail address,
// in the order people joined. Joining and leaving are in waitlist-places.ts, offers of freed seats
// in waitlist-offers.ts.

export type WaitlistPlaceRecord = {
  id: string;
  sessionId: string;
  name: string;
  email: string;
  phone: string;
  /** The secret of the place's link (link-token.ts): only its e-mails carry it. */
  secret: string;
  state: WaitlistState;
  joinedAt: string;
  /** While offered: until when the seat is held for them. */
  offerExpiresAt?: string;
  /** Once it left the list: when (accepted, declined, lapsed or left). */
  endedAt?: string;
  /** Once accepted: the booking it made. */
  bookingId?: string;
};

/** The session's list (gsi1, in the session's partition): places waiting or offered, in the order they joined. */
const listedKeys = (place: Pick<WaitlistPlaceRecord, 'id' | 'sessionId'>) => ({
  [gsi1.partitionKey]: sessionPartition(place.sessionId),
  [gsi1.sortKey]: waitlistSortKey(place.id),
});

/** A place as stored: in its session's list (gsi1) while it waits or holds an offer. */
export function placeItem(place: WaitlistPlaceRecord) {
  return { ...placeKey(place.id), ...listedKeys(place), type: 'WaitlistPlace', ...place };
}

/** The address's mark on the list, naming its place. */
export const listedAddressItem = (place: Pick<WaitlistPlaceRecord, 'id' | 'sessionId' | 'email'>) => ({
  ...listedAddressKey(place.sessionId, place.email),
  type: 'WaitlistAddress',
  placeId: place.id,
});

/** The address's mark on the list, taken off when its place leaves the list, as one item of a transaction. */
export const freeListedAddress = (place: Pick<WaitlistPlaceRecord, 'id' | 'sessionId' | 'email'>) => ({
  Delete: {
    TableName: tableName(),
    Key: listedAddressKey(place.sessionId, place.email),
    ConditionExpression: 'placeId = :placeId',
    ExpressionAttributeValues: { ':placeId': place.id },
  },
});

/**
 * Moves a place from one state to another, as one item of a transaction, on condition that it is
 * still in `from` (and `when`). A place that leaves the list leaves the session's index too.
 */
export function placeTransition(
  place: Pick<WaitlistPlaceRecord, 'id'>,
  from: WaitlistState,
  to: WaitlistState,
  now: Date,
  change: { set?: Record<string, unknown>; when?: { condition: string; values: Record<string, unknown> } } = {},
) {
  const leaves = to !== 'offered';
  const sets = Object.entries({ ...change.set, ...(leaves && { endedAt: now.toISOString() }) });
  return {
    Update: {
      TableName: tableName(),
      Key: placeKey(place.id),
      UpdateExpression: [
        `SET #state = :to${sets.map(([field]) => `, #${field} = :${field}`).join('')}`,
        leaves ? `REMOVE ${gsi1.partitionKey}, ${gsi1.sortKey}` : '',
      ]
        .join(' ')
        .trim(),
      ConditionExpression: change.when ? `#state = :from AND (${change.when.condition})` : '#state = :from',
      ExpressionAttributeNames: Object.fromEntries(['state', ...sets.map(([field]) => field)].map((f) => [`#${f}`, f])),
      ExpressionAttributeValues: {
        ':from': from,
        ':to': to,
        ...Object.fromEntries(sets.map(([field, value]) => [`:${field}`, value])),
        ...change.when?.values,
      },
    },
  };
}

export async function getPlace(id: string): Promise<WaitlistPlaceRecord | undefined> {
  const result = await dynamo.send(new GetCommand({ TableName: tableName(), Key: placeKey(id), ConsistentRead: true }));
  return result.Item ? withoutKeys<WaitlistPlaceRecord>(result.Item) : undefined;
}

/** The place a link names, if its secret is the place's; otherwise nothing, as if there were none. */
export async function placeOfLink(token: { id: string; secret: string }): Promise<WaitlistPlaceRecord | undefined> {
  const place = await getPlace(token.id);
  return place && linkSecretMatches(place.secret, token.secret) ? place : undefined;
}

/** A session's places still waiting, in the order they joined (at most `limit`). */
export async function waitingPlaces(sessionId: string, limit: number): Promise<WaitlistPlaceRecord[]> {
  const result = await dynamo.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :session AND begins_with(#sk, :waitlist)',
      FilterExpression: '#state = :waiting',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey, '#state': 'state' },
      ExpressionAttributeValues: { ':session': sessionPartition(sessionId), ':waitlist': WAITLIST_PREFIX, ':waiting': 'waiting' },
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => withoutKeys<WaitlistPlaceRecord>(item));
}

/** Where a waiting place is in line: 1 for the first; nothing once it no longer waits. */
export async function waitlistPosition(place: Pick<WaitlistPlaceRecord, 'id' | 'sessionId' | 'state'>): Promise<number | null> {
  if (place.state !== 'waiting') return null;
  let ahead = 0;
  const pages = paginateQuery(
    { client: dynamo },
    {
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :session AND #sk BETWEEN :first AND :mine',
      FilterExpression: '#state = :waiting',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey, '#state': 'state' },
      ExpressionAttributeValues: {
        ':session': sessionPartition(place.sessionId),
        ':first': WAITLIST_PREFIX,
        ':mine': waitlistSortKey(place.id),
        ':waiting': 'waiting',
      },
      Select: 'COUNT',
    },
  );
  for await (const page of pages) ahead += page.Count ?? 0;
  // The index may not show a place that has just joined: it is at least first.
  return Math.max(ahead, 1);
}

/** What the place's page shows: its state, its position while waiting, its offer while open, and the session. */
export async function placeView(place: WaitlistPlaceRecord): Promise<WaitlistPlace> {
  const session = await getSession(place.sessionId);
  if (!session) throw new HttpError(404, 'Session not found');
  return {
    state: place.state,
    name: place.name,
    position: await waitlistPosition(place),
    offerExpiresAt: place.state === 'offered' ? (place.offerExpiresAt ?? null) : null,
    bookingId: place.bookingId ?? null,
    session: {
      id: session.id,
      title: session.title,
      startTime: session.startTime,
      endTime: endTime(session),
      location: locationText(session),
      place: placeText(session),
      price: { amount: session.priceAmount, currency: session.priceCurrency },
    },
  };
}

/** A session's list as the administrator sees it: every place waiting or offered, first in line first. */
export async function listedPlaces(sessionId: string): Promise<WaitlistPlaceRecord[]> {
  const result = await dynamo.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :session AND begins_with(#sk, :waitlist)',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey },
      ExpressionAttributeValues: { ':session': sessionPartition(sessionId), ':waitlist': WAITLIST_PREFIX },
    }),
  );
  return (result.Items ?? []).map((item) => withoutKeys<WaitlistPlaceRecord>(item));
}
