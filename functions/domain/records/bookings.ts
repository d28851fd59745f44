import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { linkSecretMatches } from '../../lib/link-token';
import { gsi1, gsi2, gsi3, gsi4, tableName, withoutKeys } from '../../lib/table';
import { decodeCursor, queryFilteredPage, queryPage, type Page, type PageQuery } from '../../lib/paging';
import type { Attendance, BookingView, ManualPayment } from '../../schemas/booking';
import type { Money } from '../../schemas/money';
import type { BookingStatusView, BookingTime } from '../../schemas/member';
import { endTime, getSession, locationText, type SessionRecord } from './sessions';
import {
  bookingKey,
  addressPartition,
  attendeeKey,
  memberBookingSortKey,
  memberPartition,
  ORDERS_PARTITION,
  orderSortKey,
  SESSION_BOOKING_PREFIX,
  sessionBookingSortKey,
  sessionPartition,
} from './keys';
import { ATTENDING_STATES, type BookingState, type EndedBy, type EndReason } from './booking-lifecycle';

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
  /** The phone number of a booking taken from the waitlist, where the person gave one to join it. */
  phone?: string;
  /** Where it stands in its life (booking-lifecycle.ts): its one status. */
  state: BookingState;
  /** Once it has ended without being kept: when, why, and who ended it. */
  endedAt?: string;
  endReason?: EndReason;
  endedBy?: EndedBy;
  /** When its state last changed. */
  stateChangedAt?: string;
  /** What the attendee pays, in the currency they chose, after the discount: 0 when free. */
  price: Money;
  /** A paid booking cancelled before its session: the payment it gives back (Stripe is asked for it in a step of its own). */
  refundAmount?: Money;
  /** The promo code redeemed for this booking (one per booking). */
  discountCode?: string;
  /** While pending: when the held seat is released if the checkout is not paid. */
  holdExpiresAt?: string;
  /** The Stripe Checkout Session opened for a paid booking (its Payment item), and where the attendee pays. */
  checkoutSessionId?: string;
  checkoutUrl?: string;
  session: SessionSnapshot;
  createdAt: string;
  /** The counter of seats its client address has in the session (sessions.ts: seatsOfAddress), given back with the seat. */
  addressSeatsKey?: { pk: string; sk: string };
  /** The secret of its 'Manage booking' link (link-token.ts): its e-mails and the browser that booked carry it. */
  manageSecret?: string;
  /** Entered by the administrator (flows/manual-booking.ts): how it was paid, outside the checkout. */
  paidBy?: ManualPayment;
  /** Marked by the administrator at check-in (flows/attendance.ts): came, or did not. */
  attendance?: Attendance;
};

/** The attendee's place, as one item of a transaction: refused while the address has a booking for the session. */
export function attendeeGuard(booking: Pick<BookingRecord, 'id' | 'sessionId' | 'attendeeEmail'>) {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...attendeeKey(booking.sessionId, booking.attendeeEmail), type: 'Attendee', bookingId: booking.id },
      ConditionExpression: 'attribute_not_exists(pk)',
      // The booking that holds the place, for the refusal's answer.
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/** The attendee's place given back, as one item of a transaction: only the place this booking holds. */
export function freeAttendeePlace(booking: Pick<BookingRecord, 'id' | 'sessionId' | 'attendeeEmail'>) {
  return {
    Delete: {
      TableName: tableName(),
      Key: attendeeKey(booking.sessionId, booking.attendeeEmail),
      ConditionExpression: 'bookingId = :bookingId',
      ExpressionAttributeValues: { ':bookingId': booking.id },
    },
  };
}

/** Who booked what: what every booking event carries. */
export function bookingFacts(booking: Pick<BookingRecord, 'id' | 'sessionId' | 'attendeeName' | 'attendeeEmail'>) {
  return {
    bookingId: booking.id,
    sessionId: booking.sessionId,
    attendeeName: booking.attendeeName,
    attendeeEmail: booking.attendeeEmail,
  };
}

export function bookingItem(booking: BookingRecord) {
  return {
    ...bookingKey(booking.id),
    // A session's bookings, oldest first.
    [gsi1.partitionKey]: sessionPartition(booking.sessionId),
    [gsi1.sortKey]: sessionBookingSortKey(booking.createdAt, booking.id),
    // A member's bookings by the session's start.
    ...(booking.userId && memberBookingKeys(booking.userId, booking)),
    // All orders, newest first.
    [gsi3.partitionKey]: ORDERS_PARTITION,
    [gsi3.sortKey]: orderSortKey('BOOKING', booking.createdAt, booking.id),
    // Everything made with this e-mail address, for the account that verifies it.
    [gsi4.partitionKey]: addressPartition(booking.attendeeEmail),
    [gsi4.sortKey]: orderSortKey('BOOKING', booking.createdAt, booking.id),
    type: 'Booking',
    ...booking,
  };
}

/** A member's bookings, by the session's start: the keys that put a booking on their dashboard. */
export function memberBookingKeys(userId: string, booking: Pick<BookingRecord, 'id' | 'session'>) {
  return {
    [gsi2.partitionKey]: memberPartition(userId),
    [gsi2.sortKey]: memberBookingSortKey(booking.session.startTime, booking.id),
  };
}

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

/** Whether a token is this booking's 'Manage booking' link: its id, and its secret. */
const isManageLinkOf = (booking: BookingRecord, token: { id: string; secret: string }) =>
  token.id === booking.id && linkSecretMatches(booking.manageSecret, token.secret);

/** The booking a 'Manage booking' link names, if its secret is the booking's; otherwise nothing, as if there were none. */
export async function bookingOfLink(token: { id: string; secret: string }): Promise<BookingRecord | undefined> {
  const booking = await getBooking(token.id);
  return booking && isManageLinkOf(booking, token) ? booking : undefined;
}

/**
 * A booking acted on by its attendee: a member's own (by their token), or a guest's with the token
 * of its 'Manage booking' link. Anyone else's is nothing, as if it did not exist.
 */
export async function attendeesBooking(
  id: string,
  caller: { userId: string } | undefined,
  token: { id: string; secret: string } | undefined,
): Promise<{ booking: BookingRecord; by: 'member' | 'guest' } | undefined> {
  const booking = await getBooking(id);
  if (booking && caller !== undefined && booking.userId === caller.userId) return { booking, by: 'member' };
  if (booking && token !== undefined && isManageLinkOf(booking, token)) return { booking, by: 'guest' };
  return undefined;
}

/** A booking; `consistent` reads the latest write, for a decision that follows a refused transaction. */
export async function getBooking(id: string, options: { consistent?: boolean } = {}): Promise<BookingRecord | undefined> {
  const result = await dynamo.send(
    new GetCommand({ TableName: tableName(), Key: bookingKey(id), ConsistentRead: options.consistent }),
  );
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
      ExpressionAttributeValues: { ':pk': sessionPartition(sessionId), ':booking': SESSION_BOOKING_PREFIX },
    },
    page,
    (item) => withoutKeys<BookingRecord>(item),
  );
}

export type MemberBookingsFilter = { when: BookingTime; category?: string; statuses: BookingStatusView };

/**
 * A member's bookings from gsi2, one Query: upcoming (the session starts now or later, soonest
 * first) or past (started before now, latest first), attending only or every status, of one
 * category if asked. Every list is filtered, so it pages with queryFilteredPage: a page is full
 * whatever the filter drops.
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
    ExpressionAttributeValues: { ':pk': memberPartition(userId), ':bound': now.toISOString() } as Record<string, unknown>,
  };
  if (upcoming && page.cursor) {
    // A session on the last page may have started since: keep its cursor inside the key range.
    const after = decodeCursor(page.cursor, input)[gsi2.sortKey];
    if (after !== undefined && after < now.toISOString()) input.ExpressionAttributeValues[':bound'] = after;
  }
  const filters: string[] = [];
  input.ExpressionAttributeNames['#state'] = 'state';
  if (filter.statuses === 'attending') {
    filters.push(`#state IN (${ATTENDING_STATES.map((_, i) => `:attending${i}`).join(', ')})`);
    ATTENDING_STATES.forEach((state, i) => (input.ExpressionAttributeValues[`:attending${i}`] = state));
  } else {
    // A hold released unpaid (a checkout left or run out) never was the member's seat.
    filters.push('#state <> :released');
    input.ExpressionAttributeValues[':released'] = 'released' satisfies BookingState;
  }
  if (filter.category) {
    filters.push('#session.#category = :category');
    Object.assign(input.ExpressionAttributeNames, { '#session': 'session', '#category': 'category' });
    input.ExpressionAttributeValues[':category'] = filter.category;
  }
  const toBooking = (item: Record<string, unknown>) => withoutKeys<BookingRecord>(item);
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
 * Brings a booking's copy of its session up to date after the session changed (its time, its
 * place): what lists show, the cancellation cut-off it is checked against, and, for a member's
 * booking, the key that orders their dashboard by the session's start. Writing the same copy
 * again changes nothing, so a page handled twice is harmless.
 */
export async function refreshSessionSnapshot(booking: BookingRecord, session: SessionRecord): Promise<void> {
  const snapshot = sessionSnapshot(session);
  const memberKeys = booking.userId ? memberBookingKeys(booking.userId, { id: booking.id, session: snapshot }) : undefined;
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: bookingKey(booking.id),
      UpdateExpression: memberKeys ? 'SET #session = :snapshot, #gsi2sk = :gsi2sk' : 'SET #session = :snapshot',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#session': 'session', ...(memberKeys && { '#gsi2sk': gsi2.sortKey }) },
      ExpressionAttributeValues: { ':snapshot': snapshot, ...(memberKeys && { ':gsi2sk': memberKeys[gsi2.sortKey] }) },
    }),
  );
}
