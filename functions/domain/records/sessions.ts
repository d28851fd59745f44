import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { gsi1, tableName, withoutKeys } from '../../lib/table';
import type { Currency } from '../../schemas/money';
import { STARTING_SOON_MINUTES, type LocationType, type SessionView } from '../../schemas/session';
import { addressSeatsKey, ALL_SESSIONS, DRAFT_SESSIONS, sessionKey } from './keys';

/** A live session as stored. Counters live on the item so lists need no per-session reads. */
export type SessionRecord = {
  id: string;
  title: string;
  description: string;
  startTime: string;
  durationMinutes: number;
  locationType: LocationType;
  location?: string;
  address?: string;
  city?: string;
  postCode?: string;
  whatToBring?: string;
  thumbnailUrl?: string;
  category?: string;
  featured: boolean;
  priceAmount: number;
  priceCurrency: Currency;
  /** Absent means unlimited. */
  maxAttendees?: number;
  /** Seats occupied: confirmed bookings plus seats held for a checkout in progress. */
  seatsTaken: number;
  /** The part of seatsTaken held for checkouts that have not been paid yet. */
  seatsHeld: number;
  /** People waiting for a seat (not those holding an offer). */
  waitlistCount: number;
  /** The part of seatsTaken given back while people waited: kept for the waitlist (waitlist-offers.ts). */
  seatsForWaitlist?: number;
  /** The part of seatsForWaitlist offered to someone now. */
  seatsOffered?: number;
  /** A guest's free booking holds its seat until they follow a link e-mailed to them (the teacher's choice). */
  requireConfirmedEmail?: boolean;
  /** Private: shared with attendees only, never in the public view. */
  zoomLink?: string;
  /** How long before the start the 'starting soon' e-mail goes out (absent: STARTING_SOON_MINUTES). */
  startingSoonMinutes?: number;
  /**
   * How many times its time, place or joining link has changed (absent: never). Attendees are told
   * of each change, and their calendar entries' SEQUENCE follows it.
   */
  revision?: number;
  recordingUrl?: string;
  /**
   * Not published yet: not listed, not bookable, no page for visitors, until the administrator
   * publishes it (absent: published).
   */
  draft?: true;
  /**
   * Called off by the administrator (absent: it goes ahead): not listed, not bookable, its page
   * says so; its bookings and waitlist places are ended (flows/cancel-session.ts).
   */
  cancelled?: SessionCancellation;
  /** One date of a recurring series (flows/series.ts): which, and its rule in words. */
  series?: { id: string; description: string };
  createdAt: string;
};

/** When the administrator cancelled a session, and what she wrote to the people booked on it. */
export type SessionCancellation = { at: string; message?: string };

export function sessionItem(session: SessionRecord) {
  return {
    ...sessionKey(session.id),
    [gsi1.partitionKey]: session.draft ? DRAFT_SESSIONS : ALL_SESSIONS,
    [gsi1.sortKey]: `${session.startTime}#${session.id}`,
    type: 'Session',
    ...session,
  };
}

/** The upcoming sessions a visitor may book, soonest first: one Query on GSI1 (a page holds far more than one teacher schedules). */
export async function listUpcomingSessions(now: Date): Promise<SessionRecord[]> {
  return (await listSessionsStarting({ from: now })).filter((session) => !session.cancelled);
}

/** Which of the schedule's sessions a list holds: the published ones (all a visitor may see), or the drafts. */
export type Listed = 'published' | 'drafts';
const partitionOf = (listed: Listed) => (listed === 'drafts' ? DRAFT_SESSIONS : ALL_SESSIONS);

/** Sessions starting from `from` (and before `to`), soonest first, from GSI1: the published ones unless told. */
export async function listSessionsStarting(
  range: { from: Date; to?: Date },
  listed: Listed = 'published',
): Promise<SessionRecord[]> {
  const result = await dynamo.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: range.to ? '#pk = :all AND #sk BETWEEN :from AND :to' : '#pk = :all AND #sk >= :from',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey },
      ExpressionAttributeValues: {
        ':all': partitionOf(listed),
        ':from': range.from.toISOString(),
        ...(range.to && { ':to': range.to.toISOString() }),
      },
    }),
  );
  return (result.Items ?? []).map((item) => withoutKeys<SessionRecord>(item));
}

/** Sessions that started before `now`, latest first (one Query: a teacher's whole history fits in a page). */
export async function listSessionsBefore(now: Date, listed: Listed = 'published'): Promise<SessionRecord[]> {
  const result = await dynamo.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :all AND #sk < :now',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey },
      ExpressionAttributeValues: { ':all': partitionOf(listed), ':now': now.toISOString() },
      ScanIndexForward: false,
    }),
  );
  return (result.Items ?? []).map((item) => withoutKeys<SessionRecord>(item));
}

/** What every seat taken needs of its session: it exists, is published and not cancelled. */
const OPEN_SESSION = 'attribute_exists(pk) AND attribute_not_exists(draft) AND attribute_not_exists(cancelled)';
const BELOW_CAPACITY = '(attribute_not_exists(maxAttendees) OR seatsTaken < maxAttendees)';

/**
 * Takes a seat, as one item of a transaction: refused for a session that has started, is full, is
 * a draft or is cancelled, so a session can never be oversold, nor booked before it is published or
 * after it is called off. A held seat (a checkout in progress) counts as taken and as held.
 */
export function takeSeat(sessionId: string, now: Date, options: { held: boolean }) {
  return {
    Update: {
      TableName: tableName(),
      Key: sessionKey(sessionId),
      UpdateExpression: options.held ? 'ADD seatsTaken :one, seatsHeld :one' : 'ADD seatsTaken :one',
      ConditionExpression: `${OPEN_SESSION} AND startTime > :now AND ${BELOW_CAPACITY}`,
      ExpressionAttributeValues: { ':one': 1, ':now': now.toISOString() },
    },
  };
}

/**
 * The seat of a booking the administrator enters herself: until the session ends (a late arrival at
 * the door), and beyond its capacity only when she has said so.
 */
export function enterSeat(
  session: Pick<SessionRecord, 'id' | 'durationMinutes'>,
  now: Date,
  { beyondCapacity }: { beyondCapacity: boolean },
) {
  const startedBefore = new Date(now.getTime() - session.durationMinutes * 60_000).toISOString();
  return {
    Update: {
      TableName: tableName(),
      Key: sessionKey(session.id),
      UpdateExpression: 'ADD seatsTaken :one',
      ConditionExpression: `${OPEN_SESSION} AND startTime > :startedBefore${beyondCapacity ? '' : ` AND ${BELOW_CAPACITY}`}`,
      ExpressionAttributeValues: { ':one': 1, ':startedBefore': startedBefore },
    },
  };
}

export type SeatCounter = 'seatsTaken' | 'seatsHeld' | 'waitlistCount' | 'seatsForWaitlist' | 'seatsOffered';

/**
 * Changes a session's counters, as one item of a transaction, on condition of `when` (over the
 * counters' names and the named values) if given.
 */
export function seatCounters(
  sessionId: string,
  change: Partial<Record<SeatCounter, number>>,
  when?: { condition: string; values?: Record<string, unknown> },
) {
  const counters = Object.entries(change);
  return {
    Update: {
      TableName: tableName(),
      Key: sessionKey(sessionId),
      UpdateExpression: `ADD ${counters.map(([name]) => `${name} :${name}`).join(', ')}`,
      ...(when && { ConditionExpression: when.condition }),
      ExpressionAttributeValues: {
        ...Object.fromEntries(counters.map(([name, by]) => [`:${name}`, by])),
        ...when?.values,
      },
    },
  };
}

/** The most seats one client address may have in any session, and in an unlimited one. */
const MOST_SEATS_PER_CLIENT_ADDRESS = 4;

/**
 * How many seats of a session one client address may have, held or booked
 * (docs/product.md#capacity): a quarter of its seats, rounded down, at least one and at most
 * four; four of an unlimited session. So no network takes a small session whole, and a household
 * still books together for a larger one.
 */
export function seatsPerClientAddress(session: Pick<SessionRecord, 'maxAttendees'>): number {
  if (session.maxAttendees == null) return MOST_SEATS_PER_CLIENT_ADDRESS;
  return Math.min(MOST_SEATS_PER_CLIENT_ADDRESS, Math.max(1, Math.floor(session.maxAttendees / 4)));
}

/** The refusal of a seat beyond the client address's share. */
export const tooManySeatsFromNetwork = () =>
  new HttpError(429, 'Too many seats of this session are already booked from your network.');

/**
 * The seats one client address has in one session, held or booked: one counter, raised with
 * each booking or offer taken on condition that it is under the session's share
 * (seatsPerClientAddress), lowered when a seat is given back. The address is kept only as a
 * hash, and the counter expires a day after the session starts.
 */
export function seatsOfAddress(session: Pick<SessionRecord, 'id' | 'startTime' | 'maxAttendees'>, clientAddress: string) {
  const key = addressSeatsKey(session.id, createHash('sha256').update(clientAddress).digest('base64url'));
  return { key, take: () => countAddressSeat(key, session.startTime, seatsPerClientAddress(session)) };
}

/**
 * A seat counted for its client address again, as one item of a transaction, whatever the
 * share: a late payment taking back the seat its release gave back, so the seat's later
 * cancellation gives back no more than was counted.
 */
export const retakeAddressSeat = (key: { pk: string; sk: string }, sessionStart: string) => countAddressSeat(key, sessionStart);

function countAddressSeat(key: { pk: string; sk: string }, sessionStart: string, limit?: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ...(limit !== undefined && { ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit' }),
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':ttl': Math.floor(Date.parse(sessionStart) / 1000) + 86_400,
        ...(limit !== undefined && { ':limit': limit }),
      },
    },
  };
}

/** A seat given back by its client address, as one item of a transaction. */
export const giveBackAddressSeat = (key: { pk: string; sk: string }) => ({
  Update: {
    TableName: tableName(),
    Key: key,
    UpdateExpression: 'ADD #count :minusOne',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':minusOne': -1 },
  },
});

export async function getSession(id: string, options: { consistent?: boolean } = {}): Promise<SessionRecord | undefined> {
  const result = await dynamo.send(
    new GetCommand({ TableName: tableName(), Key: sessionKey(id), ConsistentRead: options.consistent }),
  );
  return result.Item ? withoutKeys<SessionRecord>(result.Item) : undefined;
}

/** A session as visitors may see it (a cancelled one says so): none while it is a draft. */
export async function getPublishedSession(id: string): Promise<SessionRecord | undefined> {
  const session = await getSession(id);
  return session?.draft ? undefined : session;
}

/** A session visitors may book, share or wait for: published, and not cancelled. */
export async function getOpenSession(id: string): Promise<SessionRecord> {
  const session = await getPublishedSession(id);
  if (!session) throw notFound('Session not found');
  if (session.cancelled) throw conflict(SESSION_CANCELLED);
  return session;
}

/** What a visitor is told of a session the teacher has cancelled. */
export const SESSION_CANCELLED = 'This session has been cancelled.';

export function endTime(session: Pick<SessionRecord, 'startTime' | 'durationMinutes'>): string {
  return new Date(Date.parse(session.startTime) + session.durationMinutes * 60_000).toISOString();
}

/**
 * The location summary (docs/product.md#formats-and-limits): 'Online', else 'city, post code', city,
 * post code, the free text, or 'On-site'.
 */
export function locationText(session: Pick<SessionRecord, 'locationType' | 'city' | 'postCode' | 'location'>): string {
  if (session.locationType === 'online') return 'Online';
  if (session.city && session.postCode) return `${session.city}, ${session.postCode}`;
  return session.city || session.postCode || session.location || 'On-site';
}

/**
 * Where a session happens, in full: 'Online', or the street, city and post code of a session in
 * person (those that are given), else its free text or 'On-site'. E-mails, calendar entries and
 * the confirmation page name the place with it.
 */
export function placeText(session: Pick<SessionRecord, 'locationType' | 'address' | 'city' | 'postCode' | 'location'>): string {
  if (session.locationType === 'online') return 'Online';
  const parts = [session.address, session.city, session.postCode].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : session.location || 'On-site';
}

export function toSessionView(session: SessionRecord): SessionView {
  const seatsLeft = session.maxAttendees == null ? null : Math.max(0, session.maxAttendees - session.seatsTaken);
  return {
    id: session.id,
    title: session.title,
    description: session.description,
    startTime: session.startTime,
    endTime: endTime(session),
    durationMinutes: session.durationMinutes,
    locationType: session.locationType,
    location: locationText(session),
    address: session.address ?? null,
    city: session.city ?? null,
    postCode: session.postCode ?? null,
    whatToBring: session.whatToBring ?? null,
    thumbnailUrl: session.thumbnailUrl ?? null,
    category: session.category ?? null,
    featured: session.featured,
    price: { amount: session.priceAmount, currency: session.priceCurrency },
    maxAttendees: session.maxAttendees ?? null,
    seatsLeft,
    soldOut: seatsLeft === 0,
    cancelled: session.cancelled !== undefined,
    series: session.series ?? null,
  };
}

/**
 * From when an attendee of an online session may see its joining link on their booking's pages:
 * when the starting-soon e-mail goes out. None for a session on site.
 */
export function joinLinkShownFrom(
  session: Pick<SessionRecord, 'startTime' | 'locationType' | 'startingSoonMinutes'>,
): number | undefined {
  if (session.locationType !== 'online') return undefined;
  return Date.parse(session.startTime) - (session.startingSoonMinutes ?? STARTING_SOON_MINUTES) * 60_000;
}
