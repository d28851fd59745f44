import { GetCommand, paginateQuery, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../lib/aws';
import { conflict, HttpError } from '../lib/errors';
import { linkSecretMatches, newLinkSecret } from '../lib/link-token';
import { allowanceFreesAt, hourlyAllowance } from '../lib/rate-limit';
import { gsi1, tableName, withoutKeys } from '../lib/table';
import { transactNamed } from '../lib/transactions';
import { formatClockTime } from '../lib/when';
import { outboxEvent } from '../outbox/outbox';
import {
  offerCutoff,
  waitlistRules,
  type WaitlistJoinAnswer,
  type WaitlistPlace,
  type WaitlistRequest,
  type WaitlistState,
} from '../schemas/waitlist';
import type { AuditItem } from './audit';
import { endTime, getSession, locationText, placeText, seatCounters, sessionKey, type SessionRecord } from './sessions';

// A place on a session's waitlist: joined while the session is sold out, one per e-mail address,
// in the order people joined. Offers of freed seats are in waitlist-offers.ts.

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

/** Joining is limited like booking: each e-mail address, and each client address, so many times an hour. */
export const waitlistLimits = { perEmailPerHour: 5, perClientAddressPerHour: 20 };

export const placeKey = (id: string) => ({ pk: `WAITLIST#${id}`, sk: 'PLACE' });
/** The session's list (gsi1, in the session's partition): places waiting or offered, in the order they joined. */
const listedKeys = (place: Pick<WaitlistPlaceRecord, 'id' | 'sessionId'>) => ({
  [gsi1.partitionKey]: sessionKey(place.sessionId).pk,
  [gsi1.sortKey]: `WAITLIST#${place.id}`,
});
/** One item per (session, e-mail address) on the list: nobody is on it twice. */
const addressKey = (sessionId: string, email: string) => ({ ...sessionKey(sessionId), sk: `WAITLIST-EMAIL#${email}` });

/** The address's mark on the list, taken off when its place leaves the list, as one item of a transaction. */
export const freeListedAddress = (place: Pick<WaitlistPlaceRecord, 'id' | 'sessionId' | 'email'>) => ({
  Delete: {
    TableName: tableName(),
    Key: addressKey(place.sessionId, place.email),
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

/**
 * Joins a sold-out session's waitlist, as one transaction: the place, the address's mark (an
 * address already on the list is answered with that), the waitlist count (on condition that the
 * session is still sold out and offers are still made), the hourly allowances, and WaitlistJoined,
 * which e-mails the position and the link to leave. Nobody is told another person's place.
 */
export async function joinWaitlist(
  session: SessionRecord,
  request: WaitlistRequest,
  context: { now: Date; clientAddress: string },
): Promise<WaitlistJoinAnswer> {
  const { now } = context;
  checkJoinable(session, now);
  const place: WaitlistPlaceRecord = {
    id: ulid(now.getTime()),
    sessionId: session.id,
    name: request.name,
    email: request.email,
    phone: request.phone,
    secret: newLinkSecret(),
    state: 'waiting',
    joinedAt: now.toISOString(),
  };
  const table = tableName();
  const refusal = await transactNamed({
    place: {
      Put: {
        TableName: table,
        Item: { ...placeKey(place.id), ...listedKeys(place), type: 'WaitlistPlace', ...place },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    address: {
      Put: {
        TableName: table,
        Item: { ...addressKey(session.id, place.email), type: 'WaitlistAddress', placeId: place.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    session: seatCounters(
      session.id,
      { waitlistCount: 1 },
      {
        condition: 'attribute_exists(maxAttendees) AND seatsTaken >= maxAttendees AND startTime > :cutoffFromNow',
        values: { ':cutoffFromNow': offerCutoffFromNow(now) },
      },
    ),
    emailAllowance: hourlyAllowance('waitlist-email', place.email, waitlistLimits.perEmailPerHour, now),
    addressAllowance: hourlyAllowance('waitlist-address', context.clientAddress, waitlistLimits.perClientAddressPerHour, now),
    event: outboxEvent('WaitlistJoined', { placeId: place.id, sessionId: session.id }, now),
  });
  if (!refusal) return { outcome: 'joined', position: await waitlistPosition(place) };
  if (refusal.refused('address')) return { outcome: 'already_waiting', position: null };
  if (refusal.refused('session')) {
    const current = await getSession(session.id, { consistent: true });
    if (current) checkJoinable(current, now);
    throw conflict('This session cannot be joined now.');
  }
  const allowance = refusal.refused('emailAllowance') ?? refusal.refused('addressAllowance');
  if (allowance) {
    const limit = refusal.refused('emailAllowance') ? waitlistLimits.perEmailPerHour : waitlistLimits.perClientAddressPerHour;
    throw new HttpError(
      429,
      `Too many waitlist requests. Please try again after ${formatClockTime(allowanceFreesAt(allowance, limit, now))}.`,
    );
  }
  throw new Error('The waitlist transaction was refused for no known reason');
}

/** Seen from `now`, the earliest start of a session whose seats are still offered to its waitlist. */
const offerCutoffFromNow = (now: Date) => new Date(now.getTime() + waitlistRules.offerCutoffHours * 3_600_000).toISOString();

function checkJoinable(session: SessionRecord, now: Date) {
  if (Date.parse(session.startTime) <= now.getTime()) throw conflict('This session has already started.');
  if (now.toISOString() >= offerCutoff(session.startTime))
    throw conflict('The waitlist for this session has closed: seats given back now go to whoever books first.');
  if (session.maxAttendees == null || session.seatsTaken < session.maxAttendees)
    throw conflict('This session has seats available. Please book one instead.');
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
      ExpressionAttributeValues: { ':session': sessionKey(sessionId).pk, ':waitlist': 'WAITLIST#', ':waiting': 'waiting' },
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
        ':session': sessionKey(place.sessionId).pk,
        ':first': 'WAITLIST#',
        ':mine': `WAITLIST#${place.id}`,
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

/**
 * Takes a waiting place off the list (the count lowered, the address free to join again): left by
 * its person, or removed by the administrator with an audit entry. An offered one ends its offer
 * instead (waitlist-offers.ts). Answers whether the place was still waiting.
 */
export async function leaveWaiting(
  place: WaitlistPlaceRecord,
  now: Date,
  removal?: { audit: AuditItem },
): Promise<'left' | 'not_waiting'> {
  const refusal = await transactNamed({
    place: placeTransition(place, 'waiting', removal ? 'removed' : 'left', now),
    session: seatCounters(place.sessionId, { waitlistCount: -1 }),
    address: freeListedAddress(place),
    audit: removal?.audit,
  });
  return refusal ? 'not_waiting' : 'left';
}

/** A session's list as the administrator sees it: every place waiting or offered, first in line first. */
export async function listedPlaces(sessionId: string): Promise<WaitlistPlaceRecord[]> {
  const result = await dynamo.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :session AND begins_with(#sk, :waitlist)',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey },
      ExpressionAttributeValues: { ':session': sessionKey(sessionId).pk, ':waitlist': 'WAITLIST#' },
    }),
  );
  return (result.Items ?? []).map((item) => withoutKeys<WaitlistPlaceRecord>(item));
}
