import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { dynamo } from '../lib/aws';
import { logger } from '../lib/logger';
import { gsi1, tableName } from '../lib/table';
import { transactNamed } from '../lib/transactions';
import { outboxEvent } from '../../events/outbox';
import type { EventDetail } from '../../events/catalogue';
import { attendeeGuard, attendeeKey, bookingFacts, bookingKey, getBooking, type BookingRecord } from './bookings';
import { countCodeUse } from './discounts';
import { seatCounters, takeSeat } from './sessions';

// A held seat's life: held with the booking, then paid or released, exactly once. No Stripe
// calls here (those are in payments.ts), so the sweep's function carries no Stripe client.

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

const holdKey = (bookingId: string) => ({ pk: `HOLD#${bookingId}`, sk: 'HOLD' });

/** A held seat, findable by its expiry (gsi1 `HOLDS`) for the sweep. */
export function holdItem(booking: Pick<BookingRecord, 'id' | 'sessionId'> & { holdExpiresAt?: string }) {
  const expiresAt = booking.holdExpiresAt!;
  return {
    ...holdKey(booking.id),
    [gsi1.partitionKey]: ALL_HOLDS,
    [gsi1.sortKey]: `${expiresAt}#${booking.id}`,
    type: 'Hold',
    bookingId: booking.id,
    sessionId: booking.sessionId,
    expiresAt,
  };
}

/** Why a hold ends without payment. */
export type ReleaseReason = EventDetail<'BookingExpired'>['reason'];

/**
 * Ends a pending booking's hold without payment, exactly once however many callers race (the
 * expiry webhook, the sweep, a replacement): the booking is cancelled (payment failed, or
 * cancelled), its seat and its address's place given back, a one-time code usable again, and
 * BookingExpired written to the outbox, all in one transaction conditioned on the booking
 * still being pending (and, for an expiry, on its hold having run out: a hold extended for a
 * bank payment meanwhile stands). Answers whether this call released it.
 */
export async function releaseHold(booking: BookingRecord, reason: ReleaseReason, now: Date): Promise<boolean> {
  const table = tableName();
  const refusal = await transactNamed({
    booking: {
      Update: {
        TableName: table,
        Key: bookingKey(booking.id),
        UpdateExpression: 'SET #status = :cancelled, paymentStatus = :paymentStatus, releasedAt = :now REMOVE holdExpiresAt',
        ConditionExpression: reason === 'expired' ? '#status = :pending AND holdExpiresAt <= :now' : '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':cancelled': 'cancelled',
          ':pending': 'pending',
          ':paymentStatus': reason === 'payment_failed' ? 'failed' : 'cancelled',
          ':now': now.toISOString(),
        },
      },
    },
    seat: seatCounters(booking.sessionId, { seatsTaken: -1, seatsHeld: -1 }),
    hold: { Delete: { TableName: table, Key: holdKey(booking.id) } },
    attendee: {
      Delete: {
        TableName: table,
        Key: attendeeKey(booking.sessionId, booking.attendeeEmail),
        ConditionExpression: 'bookingId = :bookingId',
        ExpressionAttributeValues: { ':bookingId': booking.id },
      },
    },
    // An unpaid checkout did not use the code.
    discount: booking.discountCode !== undefined && countCodeUse(booking.discountCode, -1),
    event: outboxEvent('BookingExpired', { ...bookingFacts(booking), reason }, now),
  });
  if (!refusal) return true;
  if (refusal.refused('booking')) return false;
  // A deleted code has nothing to give back.
  if (refusal.refused('discount')) return releaseHold({ ...booking, discountCode: undefined }, reason, now);
  throw new Error(`The release of booking ${booking.id} was refused for no known reason`);
}

/**
 * The sweep (a schedule): releases every hold past its expiry, in case Stripe's expiry webhook
 * is late or lost. Answers how many this run released.
 */
export async function releaseExpiredHolds(now: Date): Promise<number> {
  let released = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: gsi1.indexName,
        KeyConditionExpression: '#pk = :holds AND #sk < :now',
        ExpressionAttributeNames: { '#pk': gsi1.partitionKey, '#sk': gsi1.sortKey },
        ExpressionAttributeValues: { ':holds': ALL_HOLDS, ':now': now.toISOString() },
        ExclusiveStartKey: start,
      }),
    );
    for (const hold of page.Items ?? []) {
      // One hold that cannot be released now (a rush on its session) does not stop the others.
      try {
        const booking = await getBooking(String(hold.bookingId));
        if (booking && (await releaseHold(booking, 'expired', now))) released++;
      } catch (error) {
        logger.warn('A seat hold was not released; the next sweep tries again', {
          bookingId: hold.bookingId,
          error: String(error),
        });
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return released;
}

/** What Stripe reports of a paid checkout. */
export type Payment = { checkoutSessionId: string; paymentIntentId: string | null };

export function paymentOf(checkout: Stripe.Checkout.Session): Payment {
  const intent = checkout.payment_intent;
  return { checkoutSessionId: checkout.id, paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null) };
}

/** What a payment did: confirmed the booking, found it already paid, or must be given back. */
export type PaymentOutcome = 'confirmed' | 'already_paid' | 'refund_due' | 'unknown_booking';

/**
 * Records a payment for a booking, the one path for the webhook and the admin's sync alike.
 * A pending booking is confirmed: completed and paid, the hold removed, the seat no longer
 * held but taken, BookingConfirmed in the outbox. A payment for a booking whose hold was
 * already released takes a seat again if one is free; if not (or the address has booked
 * again), the booking is marked refunded and BookingRefundDue sends the money back: never
 * an oversold session. Each transaction is conditioned on the state it read, so a payment
 * racing an expiry settles exactly one way.
 */
export async function recordPayment(bookingId: string, payment: Payment, now: Date): Promise<PaymentOutcome> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const booking = await getBooking(bookingId, { consistent: true });
    if (!booking) return 'unknown_booking';
    if (booking.paymentStatus === 'paid') return 'already_paid';
    if (booking.paymentStatus === 'refunded') return 'refund_due';
    const outcome =
      booking.status === 'pending'
        ? await confirmHeldBooking(booking, payment, now)
        : booking.status === 'cancelled'
          ? await confirmReleasedBooking(booking, payment, now)
          : 'already_paid';
    // undefined: the booking changed since it was read; read it again.
    if (outcome) return outcome;
  }
  throw new Error(`The payment of booking ${bookingId} could not be recorded: its state kept changing`);
}

const paidBooking = (booking: BookingRecord, payment: Payment, now: Date, condition: string, was: Record<string, string>) => ({
  Update: {
    TableName: tableName(),
    Key: bookingKey(booking.id),
    UpdateExpression:
      'SET #status = :completed, paymentStatus = :paid, paymentIntentId = :intent, checkoutSessionId = :checkout, paidAt = :now REMOVE holdExpiresAt',
    ConditionExpression: condition,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':completed': 'completed',
      ':paid': 'paid',
      ':intent': payment.paymentIntentId,
      ':checkout': payment.checkoutSessionId,
      ':now': now.toISOString(),
      ...was,
    },
  },
});

const confirmedEvent = (booking: BookingRecord, now: Date) => outboxEvent('BookingConfirmed', bookingFacts(booking), now);

async function confirmHeldBooking(booking: BookingRecord, payment: Payment, now: Date): Promise<PaymentOutcome | undefined> {
  const table = tableName();
  const refusal = await transactNamed({
    booking: paidBooking(booking, payment, now, '#status = :pending', { ':pending': 'pending' }),
    // The held seat stays taken, now as a paid one.
    seat: seatCounters(booking.sessionId, { seatsHeld: -1 }),
    hold: { Delete: { TableName: table, Key: holdKey(booking.id) } },
    event: confirmedEvent(booking, now),
  });
  return refusal ? undefined : 'confirmed';
}

async function confirmReleasedBooking(booking: BookingRecord, payment: Payment, now: Date): Promise<PaymentOutcome | undefined> {
  const table = tableName();
  const unchanged = '#status = :cancelled AND paymentStatus = :was';
  const was = { ':cancelled': 'cancelled', ':was': booking.paymentStatus };
  const retaken = await transactNamed({
    booking: paidBooking(booking, payment, now, unchanged, was),
    seat: takeSeat(booking.sessionId, now, { held: false }),
    attendee: attendeeGuard(booking),
    // They paid the discounted price: the code counts as used again, if it still exists.
    discount: booking.discountCode !== undefined && countCodeUse(booking.discountCode, 1),
    event: confirmedEvent(booking, now),
  });
  if (!retaken) return 'confirmed';
  if (retaken.refused('booking')) return undefined;
  if (retaken.refused('discount')) return confirmReleasedBooking({ ...booking, discountCode: undefined }, payment, now);

  if (!payment.paymentIntentId) throw new Error(`The late payment of booking ${booking.id} names no payment intent to refund`);
  const refund: EventDetail<'BookingRefundDue'> = {
    ...bookingFacts(booking),
    paymentIntentId: payment.paymentIntentId,
    amount: booking.price,
  };
  const refunding = await transactNamed({
    booking: {
      Update: {
        TableName: table,
        Key: bookingKey(booking.id),
        UpdateExpression: 'SET paymentStatus = :refunded, paymentIntentId = :intent, checkoutSessionId = :checkout',
        ConditionExpression: unchanged,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':refunded': 'refunded',
          ':intent': payment.paymentIntentId,
          ':checkout': payment.checkoutSessionId,
          ...was,
        },
      },
    },
    event: outboxEvent('BookingRefundDue', refund, now),
  });
  return refunding ? undefined : 'refund_due';
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
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':expires': holdExpiresAt, ':pending': 'pending' },
      },
    },
    hold: { Put: { TableName: table, Item: holdItem({ ...booking, holdExpiresAt }) } },
  });
}
