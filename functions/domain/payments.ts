import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type Stripe from 'stripe';
import { dynamo } from '../lib/aws';
import { beforeDeadline } from '../lib/deadline';
import { environment } from '../lib/environment';
import { HttpError } from '../lib/errors';
import { logger } from '../lib/logger';
import { stripe } from '../lib/stripe';
import { tableName } from '../lib/table';
import { formatWhen } from '../lib/when';
import type { EventDetail } from '../../events/catalogue';
import { bookingKey, type BookingRecord } from './bookings';
import { paymentOf, recordPayment, releaseHold } from './seat-holds';

// The Stripe side of a paid booking: its checkout, the admin's sync, and refunds.

/**
 * Opens the Stripe Checkout Session of a pending booking and keeps its address on the booking:
 * the server's price in minor units, the booking id as `client_reference_id`, the hold's expiry
 * as `expires_at`. Keyed by the booking for Stripe's idempotency, so a retried request (or
 * two at once) gets the same session. If Stripe cannot open one, the request that made the
 * booking releases its seat at once (a replay or a resumption leaves that to the hold's expiry,
 * as the first request may still be opening it). A booking released meanwhile gets no link.
 * Stripe is given up in time for that release to happen before the function's `deadline`.
 */
export async function openCheckout(
  booking: BookingRecord,
  options: { releaseOnFailure: boolean; deadline?: number },
): Promise<string> {
  const siteUrl = environment('SITE_URL');
  let checkout: Stripe.Checkout.Session;
  try {
    const opening = (await stripe()).checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: booking.price.currency.toLowerCase(),
              unit_amount: booking.price.amount,
              product_data: {
                name: booking.session.title,
                description: `${formatWhen(booking.session.startTime)}, ${booking.session.location}`,
              },
            },
          },
        ],
        customer_email: booking.attendeeEmail,
        client_reference_id: booking.id,
        metadata: { bookingId: booking.id, sessionId: booking.sessionId },
        payment_intent_data: { metadata: { bookingId: booking.id, sessionId: booking.sessionId } },
        expires_at: Math.floor(Date.parse(booking.holdExpiresAt!) / 1000),
        success_url: `${siteUrl}/booking-confirmation?bookingId=${encodeURIComponent(booking.id)}`,
        cancel_url: `${siteUrl}/sessions/${encodeURIComponent(booking.sessionId)}`,
      },
      { idempotencyKey: `checkout-${booking.id}` },
    );
    checkout =
      options.deadline === undefined
        ? await opening
        : await beforeDeadline(opening, options.deadline - CLEAN_UP_RESERVE_MS, 'Opening the checkout');
    if (!checkout.url) throw new Error('Stripe answered a Checkout Session without a URL');
  } catch (error) {
    logger.error('Could not open the checkout', { bookingId: booking.id, error: String(error) });
    if (options.releaseOnFailure) await releaseHold(booking, 'checkout_failed', new Date());
    throw new HttpError(502, 'Failed to create checkout session');
  }
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: bookingKey(booking.id),
        UpdateExpression: 'SET checkoutSessionId = :id, checkoutUrl = :url',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':id': checkout.id, ':url': checkout.url, ':pending': 'pending' },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    await closeCheckout(booking.id, checkout.id);
    throw noLongerPayable();
  }
  return checkout.url;
}

/**
 * Kept free of the Stripe call at the end of a function's time: releasing a seat is one
 * DynamoDB transaction, given a whole attempt's wait, and the visitor still needs an answer.
 */
export const CLEAN_UP_RESERVE_MS = 7_500;

const noLongerPayable = () => new HttpError(409, 'This booking can no longer be paid. Please book again.');

/** Expires a Checkout Session so its link cannot be paid; a failure only leaves a late payment possible. */
async function closeCheckout(bookingId: string, checkoutSessionId: string) {
  try {
    await (await stripe()).checkout.sessions.expire(checkoutSessionId);
  } catch (error) {
    logger.warn('Could not close a checkout', { bookingId, error: String(error) });
  }
}

/**
 * The checkout of a member's own pending booking, to pay it after all (the spec's confirm
 * dialog, OK). A booking no longer pending, or whose hold has run out, cannot be paid.
 */
export async function resumeCheckout(booking: BookingRecord, now: Date, deadline: number): Promise<string> {
  if (booking.status !== 'pending' || !booking.holdExpiresAt || Date.parse(booking.holdExpiresAt) <= now.getTime()) {
    throw noLongerPayable();
  }
  return booking.checkoutUrl ?? openCheckout(booking, { releaseOnFailure: false, deadline });
}

/**
 * The visitor books anew over their unpaid booking: its seat is released, and its checkout
 * closed so the old link cannot be paid (a payment that still gets through is a late one).
 */
export async function abandonCheckout(booking: BookingRecord, now: Date): Promise<void> {
  if ((await releaseHold(booking, 'replaced', now)) && booking.checkoutSessionId) {
    await closeCheckout(booking.id, booking.checkoutSessionId);
  }
}

/** The spec's three outcomes of 'Sync with Stripe'. */
export type SyncOutcome = 'updated' | 'already_paid' | 'no_payment_found';

/**
 * 'Sync with Stripe' for a booking: asks Stripe for the booking's Checkout Session and records
 * a payment found there through the webhook's own path (once, whoever comes first).
 */
export async function syncWithStripe(booking: BookingRecord, now: Date): Promise<SyncOutcome> {
  if (booking.paymentStatus === 'paid' || booking.paymentStatus === 'free') return 'already_paid';
  if (!booking.checkoutSessionId) return 'no_payment_found';
  const checkout = await (await stripe()).checkout.sessions.retrieve(booking.checkoutSessionId);
  if (checkout.payment_status !== 'paid') return 'no_payment_found';
  const outcome = await recordPayment(booking.id, paymentOf(checkout), now);
  return outcome === 'already_paid' ? 'already_paid' : 'updated';
}

/** Gives a payment back in full, once (Stripe's idempotency key is the booking). */
export async function refundPayment(refund: EventDetail<'BookingRefundDue'>): Promise<void> {
  await (
    await stripe()
  ).refunds.create(
    { payment_intent: refund.paymentIntentId, reason: 'requested_by_customer', metadata: { bookingId: refund.bookingId } },
    { idempotencyKey: `refund-${refund.bookingId}` },
  );
}
