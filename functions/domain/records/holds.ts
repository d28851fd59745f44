import { paginateQuery, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { gsi1, tableName } from '../../lib/table';
import type { BookingRecord } from './bookings';
import { ALL_HOLDS, holdKey } from './keys';

// A held seat: the Hold item, written with the booking (or the waitlist offer, or the purchase's
// checkout) that holds it, and found by its expiry for the one sweep (hold-sweep.ts). What ends a
// hold is in the flows that end it: release-booking.ts, settle-payment.ts, waitlist-offers.ts.

/**
 * How long a paid booking holds its seat: Stripe Checkout's shortest expiry, 30 minutes, which
 * Stripe counts from its own clock when the Checkout Session is created a moment after the hold
 * begins, so one more minute keeps the request inside Stripe's range.
 */
export const HOLD_MINUTES = 31;

/** In whole seconds, as Stripe's `expires_at` is: the checkout and the hold end at the same instant. */
export const newHoldExpiry = (now: Date) =>
  new Date(Math.floor((now.getTime() + HOLD_MINUTES * 60_000) / 1000) * 1000).toISOString();

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

/** The holds past their expiry (gsi1 `HOLDS`, by expiry), oldest first. */
const lapsedHoldsQuery = (now: Date): QueryCommandInput => ({
  TableName: tableName(),
  IndexName: gsi1.indexName,
  KeyConditionExpression: '#pk = :holds AND #sk < :now',
  ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey },
  ExpressionAttributeValues: { ':holds': ALL_HOLDS, ':now': now.toISOString() },
});

/** When the oldest hold still past its expiry expired, if one is: what the sweep could not end yet. */
export async function oldestLapsedHold(now: Date): Promise<Date | undefined> {
  const { Items } = await dynamo.send(new QueryCommand({ ...lapsedHoldsQuery(now), Limit: 1 }));
  return Items?.[0] && new Date(String(Items[0].expiresAt));
}

/** The holds past their expiry, for the sweep: read a page at a time as it ends them. */
export async function* lapsedHolds(now: Date) {
  const pages = paginateQuery({ client: dynamo }, lapsedHoldsQuery(now));
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
