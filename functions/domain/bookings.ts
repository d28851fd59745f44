import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { dynamo } from '../lib/aws';
import { conflict, HttpError } from '../lib/errors';
import { gsi1, gsi2, gsi3, gsi4, expiresIn, tableName, withoutKeys } from '../lib/table';
import { hourlyAllowance } from '../lib/rate-limit';
import { decodeCursor, queryFilteredPage, queryPage, type Page, type PageQuery } from '../lib/paging';
import { outboxEvent } from '../../events/outbox';
import type { BookingRequest, BookingStatus, BookingView, PaymentStatus } from '../schemas/booking';
import type { BookingStatusView, BookingTime, MemberBookingSummary } from '../schemas/member';
import { endTime, getSession, locationText, sessionKey, type SessionRecord } from './sessions';

/** What lists of bookings show of the session, copied onto the booking so a list needs no per-row reads. */
export type SessionSnapshot = Pick<BookingView['session'], 'title' | 'startTime' | 'endTime' | 'location' | 'locationType'> & {
  category: string | null;
};

export type BookingRecord = {
  id: string;
  sessionId: string;
  userId?: string;
  firstName: string;
  lastName: string;
  attendeeName: string;
  attendeeEmail: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  session: SessionSnapshot;
  createdAt: string;
};

/** Who is booking and how the request reached us: the limits and the replay key apply to these. */
export type BookingContext = { now: Date; userId?: string; clientAddress: string; requestKey?: string };

/** Unauthenticated bookings send e-mail, so each address may make only so many an hour. */
export const bookingLimits = { perEmailPerHour: 5, perClientAddressPerHour: 20 };
/** A replayed request within a day gets the first answer. */
const REQUEST_KEY_SECONDS = 86_400;

export const bookingKey = (id: string) => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' });
/** One item per (session, e-mail address): the same address cannot book a session twice. */
const attendeeKey = (sessionId: string, email: string) => ({ ...sessionKey(sessionId), sk: `ATTENDEE#${email}` });
const requestKeyOf = (key: string) => ({ pk: `REQUEST#${key}`, sk: 'REQUEST' });
/** What a retry of the same request repeats: the session and the form as the server parsed it. */
const requestFingerprint = (sessionId: string, attendee: BookingRequest) =>
  createHash('sha256')
    .update(JSON.stringify([sessionId, attendee.firstName, attendee.lastName, attendee.email]))
    .digest('base64url');

function bookingItem(booking: BookingRecord) {
  return {
    ...bookingKey(booking.id),
    // A session's bookings, oldest first.
    [gsi1.partitionKey]: `SESSION#${booking.sessionId}`,
    [gsi1.sortKey]: `BOOKING#${booking.createdAt}#${booking.id}`,
    // A member's bookings by the session's start.
    ...(booking.userId && memberBookingKeys(booking.userId, booking)),
    // All orders, newest first.
    [gsi3.partitionKey]: 'ORDERS',
    [gsi3.sortKey]: `${booking.createdAt}#BOOKING#${booking.id}`,
    // Everything made with this e-mail address, for the account that verifies it.
    [gsi4.partitionKey]: `EMAIL#${booking.attendeeEmail}`,
    [gsi4.sortKey]: `${booking.createdAt}#BOOKING#${booking.id}`,
    type: 'Booking',
    ...booking,
  };
}

/** A member's bookings, by the session's start: the keys that put a booking on their dashboard. */
function memberBookingKeys(userId: string, booking: Pick<BookingRecord, 'id' | 'session'>) {
  return {
    [gsi2.partitionKey]: `USER#${userId}`,
    [gsi2.sortKey]: `${booking.session.startTime}#BOOKING#${booking.id}`,
  };
}

/**
 * The one seat rule, the same for every view: a booking is a place the member has (and counts
 * as sold) once its status is completed, paid or free. A pending booking (a checkout not yet
 * paid) holds its seat only until the checkout ends, and is not yet attending.
 */
export const ATTENDING_STATUS: BookingStatus = 'completed';

export function sessionSnapshot(session: SessionRecord): SessionSnapshot {
  return {
    title: session.title,
    startTime: session.startTime,
    endTime: endTime(session),
    location: locationText(session),
    locationType: session.locationType,
    category: session.category ?? null,
  };
}

/** What the API answers for a new booking, and again for a replay of the same request. */
export type BookingReceipt = { booking: { id: string; status: BookingStatus; paymentStatus: PaymentStatus } };

/**
 * Books a seat in a free session as one transaction: the booking, the seat (refused for a
 * started or full session, so a session can never be oversold), the one-booking-per-address
 * guard, the BookingConfirmed event in the outbox, the hourly allowances of the e-mail and
 * client addresses, and the request's replay key. All of it is written, or none of it.
 */
export async function bookFreeSession(
  session: SessionRecord,
  attendee: BookingRequest,
  context: BookingContext,
): Promise<BookingReceipt> {
  const { now } = context;
  if (Date.parse(session.startTime) <= now.getTime()) throw conflict('This session has already started.');
  const booking: BookingRecord = {
    id: ulid(now.getTime()),
    sessionId: session.id,
    userId: context.userId,
    firstName: attendee.firstName,
    lastName: attendee.lastName,
    attendeeName: `${attendee.firstName} ${attendee.lastName}`,
    attendeeEmail: attendee.email,
    status: 'completed',
    paymentStatus: 'free',
    session: sessionSnapshot(session),
    createdAt: now.toISOString(),
  };
  const receipt: BookingReceipt = { booking: { id: booking.id, status: booking.status, paymentStatus: booking.paymentStatus } };
  const fingerprint = requestFingerprint(session.id, attendee);
  const table = tableName();
  const items = {
    booking: { Put: { TableName: table, Item: bookingItem(booking), ConditionExpression: 'attribute_not_exists(pk)' } },
    seat: {
      Update: {
        TableName: table,
        Key: sessionKey(session.id),
        UpdateExpression: 'ADD seatsTaken :one',
        ConditionExpression:
          'attribute_exists(pk) AND startTime > :now AND (attribute_not_exists(maxAttendees) OR seatsTaken < maxAttendees)',
        ExpressionAttributeValues: { ':one': 1, ':now': booking.createdAt },
      },
    },
    attendee: {
      Put: {
        TableName: table,
        Item: { ...attendeeKey(session.id, booking.attendeeEmail), type: 'Attendee', bookingId: booking.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    event: outboxEvent(
      'BookingConfirmed',
      { bookingId: booking.id, sessionId: session.id, attendeeName: booking.attendeeName, attendeeEmail: booking.attendeeEmail },
      now,
    ),
    emailAllowance: hourlyAllowance('booking-email', booking.attendeeEmail, bookingLimits.perEmailPerHour, now),
    addressAllowance: hourlyAllowance('booking-address', context.clientAddress, bookingLimits.perClientAddressPerHour, now),
    ...(context.requestKey && {
      request: {
        Put: {
          TableName: table,
          Item: {
            ...requestKeyOf(context.requestKey),
            type: 'Request',
            fingerprint,
            receipt,
            ttl: expiresIn(REQUEST_KEY_SECONDS, now),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      },
    }),
  };
  const names = Object.keys(items) as (keyof typeof items)[];
  const failed = await writeWithConflictRetry(new TransactWriteCommand({ TransactItems: Object.values(items) }));
  if (!failed) return receipt;

  const refused = (name: keyof typeof items) => failed.get(names.indexOf(name));
  const replay = refused('request');
  if (replay) {
    const first = unmarshall(replay);
    // The same key with another session or other details is not a retry: the first answer is not theirs.
    if (first.fingerprint !== fingerprint) throw new HttpError(422, 'This request was already used for another booking.');
    return first.receipt as BookingReceipt;
  }
  if (refused('attendee')) throw conflict('This email address has already booked this session.');
  if (refused('seat')) throw conflict('This session is sold out.');
  if (refused('emailAllowance'))
    throw new HttpError(429, 'Too many bookings for this email address. Please try again in an hour.');
  if (refused('addressAllowance')) throw new HttpError(429, 'Too many bookings from your network. Please try again in an hour.');
  throw new Error('The booking transaction was refused for no known reason');
}

const MAX_ATTEMPTS = 8;
type RefusedItems = Map<number, Record<string, AttributeValue>>;

/**
 * Runs a transaction. Resolves with nothing when it is written, or with the items whose
 * condition failed (and their current values, where asked for). A conflict with a concurrent
 * transaction on the same items is retried with jittered backoff, so a rush on the last seats
 * neither oversells nor turns people away while seats remain.
 */
async function writeWithConflictRetry(transaction: TransactWriteCommand): Promise<RefusedItems | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo.send(transaction);
      return undefined;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      if (reasons.some((reason) => reason.Code === 'ConditionalCheckFailed')) {
        return new Map(
          reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [[index, reason.Item ?? {}]] : [])),
        );
      }
      if (!reasons.some((reason) => reason.Code === 'TransactionConflict') || attempt >= MAX_ATTEMPTS) {
        throw new HttpError(503, 'Many people are booking right now. Please try again.');
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

async function getBooking(id: string): Promise<BookingRecord | undefined> {
  const result = await dynamo.send(new GetCommand({ TableName: tableName(), Key: bookingKey(id) }));
  return result.Item ? withoutKeys<BookingRecord>(result.Item) : undefined;
}

/** A session's bookings, oldest first, a page at a time. */
export function listSessionBookings(sessionId: string, page: PageQuery): Promise<Page<BookingRecord>> {
  return queryPage(
    {
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :booking)',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey },
      ExpressionAttributeValues: { ':pk': `SESSION#${sessionId}`, ':booking': 'BOOKING#' },
    },
    page,
    (item) => withoutKeys<BookingRecord>(item),
  );
}

/** The booking with its session as it is now, as the confirmation page and the e-mails show it. */
export async function getBookingView(id: string): Promise<BookingView | undefined> {
  const booking = await getBooking(id);
  const session = booking && (await getSession(booking.sessionId));
  if (!booking || !session) return undefined;
  return {
    id: booking.id,
    status: booking.status,
    paymentStatus: booking.paymentStatus,
    attendeeName: booking.attendeeName,
    price: { amount: 0, currency: session.priceCurrency },
    discountCode: null,
    holdExpiresAt: null,
    session: { id: session.id, ...sessionSnapshot(session) },
  };
}

export type MemberBookingsFilter = { when: BookingTime; category?: string; statuses: BookingStatusView };

/**
 * A member's bookings from gsi2, one Query: upcoming (the session starts now or later, soonest
 * first) or past (started before now, latest first), attending only unless all statuses are
 * asked for, of one category if asked. Filtered lists page with queryFilteredPage, so a page is
 * full whatever the filter drops.
 */
export function listMemberBookings(
  userId: string,
  filter: MemberBookingsFilter,
  page: PageQuery,
  now: Date,
): Promise<Page<BookingRecord>> {
  const upcoming = filter.when === 'upcoming';
  const input = {
    TableName: tableName(),
    IndexName: gsi2.indexName,
    KeyConditionExpression: upcoming ? '#pk = :pk AND #sk >= :bound' : '#pk = :pk AND #sk < :bound',
    ScanIndexForward: upcoming,
    ExpressionAttributeNames: { '#pk': gsi2.partitionKey, '#sk': gsi2.sortKey } as Record<string, string>,
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':bound': now.toISOString() } as Record<string, unknown>,
  };
  if (upcoming && page.cursor) {
    // A session on the last page may have started since: keep its cursor inside the key range.
    const after = decodeCursor(page.cursor, input)[gsi2.sortKey];
    if (after !== undefined && after < now.toISOString()) input.ExpressionAttributeValues[':bound'] = after;
  }
  const filters: string[] = [];
  if (filter.statuses === 'attending') {
    filters.push('#status = :attending');
    input.ExpressionAttributeNames['#status'] = 'status';
    input.ExpressionAttributeValues[':attending'] = ATTENDING_STATUS;
  }
  if (filter.category) {
    filters.push('#session.#category = :category');
    Object.assign(input.ExpressionAttributeNames, { '#session': 'session', '#category': 'category' });
    input.ExpressionAttributeValues[':category'] = filter.category;
  }
  const toBooking = (item: Record<string, unknown>) => withoutKeys<BookingRecord>(item);
  if (filters.length === 0) return queryPage(input, page, toBooking);
  return queryFilteredPage({ ...input, FilterExpression: filters.join(' AND ') }, page, toBooking);
}

/** One of the member's own bookings, with its session as it is now; another member's is not found. */
export async function getMemberBooking(
  userId: string,
  id: string,
): Promise<{ booking: BookingRecord; session: SessionRecord | undefined } | undefined> {
  const booking = await getBooking(id);
  if (!booking || booking.userId !== userId) return undefined;
  return { booking, session: await getSession(booking.sessionId) };
}

/**
 * Gives a new account the bookings made earlier as a guest with its (verified) address: each
 * booking of gsi4 `EMAIL#<address>` that has no member yet gets the user id and the gsi2 keys
 * that put it on their dashboard. Conditional on having no member, so a retried trigger or a
 * concurrent claim changes nothing twice. Answers how many bookings this call linked.
 */
export async function claimGuestBookings(userId: string, email: string): Promise<number> {
  const unclaimed: BookingRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: gsi4.indexName,
        KeyConditionExpression: '#pk = :pk',
        FilterExpression: '#type = :booking AND attribute_not_exists(userId)',
        ExpressionAttributeNames: { '#pk': gsi4.partitionKey, '#type': 'type' },
        ExpressionAttributeValues: { ':pk': `EMAIL#${email.toLowerCase()}`, ':booking': 'Booking' },
        ExclusiveStartKey: start,
      }),
    );
    unclaimed.push(...(page.Items ?? []).map((item) => withoutKeys<BookingRecord>(item)));
    start = page.LastEvaluatedKey;
  } while (start);

  let claimed = 0;
  for (let i = 0; i < unclaimed.length; i += 10) {
    const results = await Promise.all(unclaimed.slice(i, i + 10).map((booking) => linkBooking(userId, booking)));
    claimed += results.filter(Boolean).length;
  }
  return claimed;
}

async function linkBooking(userId: string, booking: BookingRecord): Promise<boolean> {
  const keys = memberBookingKeys(userId, booking);
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: bookingKey(booking.id),
        UpdateExpression: 'SET userId = :userId, #gsi2pk = :gsi2pk, #gsi2sk = :gsi2sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(userId)',
        ExpressionAttributeNames: { '#gsi2pk': gsi2.partitionKey, '#gsi2sk': gsi2.sortKey },
        ExpressionAttributeValues: { ':userId': userId, ':gsi2pk': keys[gsi2.partitionKey], ':gsi2sk': keys[gsi2.sortKey] },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** A row of a member's bookings list, from the booking and its snapshot of the session. */
export function memberBookingSummary(booking: BookingRecord): MemberBookingSummary {
  const { session } = booking;
  return {
    id: booking.id,
    status: booking.status,
    paymentStatus: booking.paymentStatus,
    session: {
      id: booking.sessionId,
      title: session.title,
      startTime: session.startTime,
      endTime: session.endTime,
      location: session.location,
      locationType: session.locationType,
      category: session.category,
    },
  };
}
