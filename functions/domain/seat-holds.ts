import { createHash } from 'node:crypto';
import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws';
import { gsi1, tableName } from '../lib/table';
import { transactNamed } from '../lib/transactions';
import { bookingFacts, freeAttendeePlace, bookingKey, type BookingRecord } from './bookings';
import { transitionUpdate, type EndedBy, type ReleaseReason } from './booking-lifecycle';
import { transitionEvent } from './booking-events';
import type { AuditItem } from './audit';
import { countCodeUse } from './discounts';
import { seatGivenBack } from './freed-seats';
import type { SessionRecord } from './sessions';

// A held seat's life: held with the booking, then paid (settle-payment.ts) or released, exactly
// once. No Stripe calls here (those are in payments.ts), so the sweep's function carries no
// Stripe client.

/**
 * How long a paid booking holds its seat: Stripe Checkout's shortest expiry, 30 minutes, which
 * Stripe counts from its own clock when the session is created a moment after the hold
 * begins, so one more minute keeps the request inside Stripe's range.
 */
export const HOLD_MINUTES = 31;
/** A payment Stripe is still collecting (a bank debit) keeps the seat while the bank settles. */
const ASYNC_PAYMENT_HOLD_DAYS = 7;
const ALL_HOLDS = 'HOLDS';

/** In whole seconds, as Stripe's `expires_at` is: the checkout and the hold end at the same instant. */
export const newHoldExpiry = (now: Date) =>
  new Date(Math.floor((now.getTime() + HOLD_MINUTES * 60_000) / 1000) * 1000).toISOString();

/** A hold's key, by what holds the seat: a booking's id, or a waitlist place's id. */
export const holdKey = (holderId: string) => ({ pk: `HOLD#${holderId}`, sk: 'HOLD' });

/**
 * What a seat is held for: a checkout in progress, a guest's e-mail confirmation, or an offer to
 * someone on the waitlist. A recordings purchase's checkout holds no seat, but is ended by the
 * same sweep when Stripe's expiry is late or lost (`purchase-checkout`).
 */
export type HoldKind = 'checkout' | 'email-confirmation' | 'waitlist-offer' | 'purchase-checkout';

/** The attribute naming what holds it. */
const holderField: Record<HoldKind, string> = {
  checkout: 'bookingId',
  'email-confirmation': 'bookingId',
  'waitlist-offer': 'placeId',
  'purchase-checkout': 'purchaseId',
};

/** A held seat, findable by its expiry (gsi1 `HOLDS`) for the one sweep of every kind (hold-sweep.ts). */
export function holdItem(kind: HoldKind, holderId: string, sessionId: string | undefined, expiresAt: string) {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...holdKey(holderId),
        [gsi1.partitionKey]: ALL_HOLDS,
        [gsi1.sortKey]: `${expiresAt}#${holderId}`,
        type: 'Hold',
        kind,
        [holderField[kind]]: holderId,
        ...(sessionId !== undefined && { sessionId }),
        expiresAt,
      },
    },
  };
}

/** The hold of a booking's checkout (or of its e-mail confirmation), as one item of a transaction. */
export const checkoutHold = (
  booking: Pick<BookingRecord, 'id' | 'sessionId'> & { holdExpiresAt?: string },
  kind: 'checkout' | 'email-confirmation' = 'checkout',
) => holdItem(kind, booking.id, booking.sessionId, booking.holdExpiresAt!);

/** How long a guest has to follow the link that confirms a free booking. */
export const EMAIL_CONFIRMATION_MINUTES = 30;

/** The holds past their expiry, for the sweep: read a page at a time as it ends them. */
export async function* lapsedHolds(now: Date) {
  const pages = paginateQuery(
    { client: dynamo },
    {
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :holds AND #sk < :now',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey },
      ExpressionAttributeValues: { ':holds': ALL_HOLDS, ':now': now.toISOString() },
    },
  );
  for await (const page of pages) {
    for (const hold of page.Items ?? []) {
      yield hold.kind === 'waitlist-offer'
        ? { kind: 'waitlist-offer' as const, placeId: String(hold.placeId) }
        : hold.kind === 'purchase-checkout'
          ? { kind: 'purchase' as const, purchaseId: String(hold.purchaseId) }
          : { kind: 'booking' as const, bookingId: String(hold.bookingId) };
    }
  }
}

/**
 * The seats one client address has in one session, held or booked: one counter, raised with
 * each booking on condition that it is under the limit, lowered when a seat is given back. The
 * address is kept only as a hash, and the counter expires a day after the session starts.
 */
export function seatsOfAddress(session: Pick<SessionRecord, 'id' | 'startTime'>, clientAddress: string) {
  const key = {
    pk: `LIMIT#session-seats#${session.id}`,
    sk: createHash('sha256').update(clientAddress).digest('base64url'),
  };
  const change = (by: 1 | -1, condition?: { limit: number }) => ({
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'ADD #count :by SET #ttl = if_not_exists(#ttl, :ttl)',
      ...(condition && { ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit' }),
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':by': by,
        ':ttl': Math.floor(Date.parse(session.startTime) / 1000) + 86_400,
        ...(condition && { ':limit': condition.limit }),
      },
    },
  });
  return { key, take: (limit: number) => change(1, { limit }) };
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

/** Who ends a hold for each reason. */
const endedBy: Record<ReleaseReason, EndedBy> = {
  expired: 'stripe',
  payment_failed: 'stripe',
  replaced: 'visitor',
  checkout_failed: 'site',
  cancelled_by_admin: 'admin',
  email_unconfirmed: 'site',
  checkout_cancelled: 'visitor',
};

/**
 * Ends a held booking without payment, exactly once however many callers race (the expiry
 * webhook, the sweep, a replacement): the booking is released with why and by whom, its seat
 * and its address's place given back, a one-time code usable again, and BookingExpired written
 * to the outbox, all in one transaction conditioned on the booking still being held (and, for
 * an expiry, on its hold having run out). Answers whether this call released it.
 */
export async function releaseHold(booking: BookingRecord, reason: ReleaseReason, now: Date, audit?: AuditItem): Promise<boolean> {
  const table = tableName();
  const at = now.toISOString();
  const seat = await seatGivenBack(booking, now, { held: true });
  const refusal = await transactNamed({
    booking: transitionUpdate('release', booking.id, now, {
      set: { endedAt: at, endReason: reason, endedBy: endedBy[reason] },
      remove: ['holdExpiresAt'],
      // An expiry releases only a hold that has run out: one extended for a bank payment stands.
      when:
        reason === 'expired' || reason === 'email_unconfirmed'
          ? { condition: 'holdExpiresAt <= :now', values: { ':now': at } }
          : undefined,
    }),
    seat: seat.counters,
    waitlist: seat.offerEvent,
    hold: { Delete: { TableName: table, Key: holdKey(booking.id) } },
    attendee: freeAttendeePlace(booking),
    addressSeats: booking.addressSeatsKey !== undefined && giveBackAddressSeat(booking.addressSeatsKey),
    // An unpaid checkout did not use the code.
    discount: booking.discountCode !== undefined && countCodeUse(booking.discountCode, -1),
    event: transitionEvent('release', { ...bookingFacts(booking), reason }, now),
    audit,
  });
  if (!refusal) return true;
  if (refusal.refused('booking')) return false;
  // A deleted code has nothing to give back; a waitlist that changed meanwhile is read again.
  if (refusal.refused('discount')) return releaseHold({ ...booking, discountCode: undefined }, reason, now, audit);
  if (refusal.refused('seat')) return releaseHold(booking, reason, now, audit);
  throw new Error(`The release of booking ${booking.id} was refused for no known reason`);
}

/**
 * A checkout completed with the payment still on its way (a bank debit): the seat stays held
 * for the days the bank takes, until Stripe reports success or failure.
 */
export async function awaitAsyncPayment(booking: BookingRecord, now: Date): Promise<void> {
  const holdExpiresAt = new Date(now.getTime() + ASYNC_PAYMENT_HOLD_DAYS * 86_400_000).toISOString();
  const table = tableName();
  await transactNamed({
    booking: {
      Update: {
        TableName: table,
        Key: bookingKey(booking.id),
        UpdateExpression: 'SET holdExpiresAt = :expires',
        ConditionExpression: '#state = :held',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':expires': holdExpiresAt, ':held': 'held' },
      },
    },
    hold: checkoutHold({ ...booking, holdExpiresAt }),
  });
}
