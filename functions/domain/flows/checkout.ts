import type Stripe from 'stripe';
import { correlationId } from '../../lib/correlation';
import { beforeDeadline } from '../../lib/deadline';
import { environment } from '../../lib/environment';
import { HttpError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { isStripeError, stripe } from '../../lib/stripe';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { formatWhen } from '../../lib/when';
import type { Money } from '../../schemas/money';
import type { AuditItem } from '../records/audit';
import { bookingKey } from '../records/keys';
import type { BookingRecord } from '../records/bookings';
import { isPayable } from '../records/booking-lifecycle';
import { openPayment, type PaymentSubject } from '../records/payment-records';
import { releaseBooking } from './release-booking';

// The Stripe side of every order (a paid booking, a recordings purchase): its checkout, opened,
// resumed, closed or given up. Refunds are sent in send-refund.ts, the admin's sync is in
// stripe-payments.ts.

/** What a Checkout Session sells: the order it pays (its id is Stripe's reference and idempotency key), to whom, at what price, until when. */
export type CheckoutOrder = {
  subject: PaymentSubject;
  price: Money;
  name: string;
  description: string;
  email: string;
  expiresAt: string;
  /** Where Stripe sends the buyer back, paid or not. */
  successPath: string;
  cancelPath: string;
  metadata: Record<string, string>;
};

/**
 * What a Checkout Session carries for the site: the order's ids, the site's mark (SITE_ID), and
 * the id of the request that opened it, which its webhook carries on under.
 */
const checkoutMetadata = (order: CheckoutOrder): Record<string, string> => ({
  ...order.metadata,
  site: environment('SITE_ID'),
  ...(correlationId() && { correlationId: correlationId()! }),
});

/**
 * Opens a Stripe Checkout Session for an order, of any kind: the server's price in minor units,
 * the order's id as `client_reference_id`, its expiry as `expires_at`. Keyed by the order for
 * Stripe's idempotency, so a retried request (or two at once) gets the same Checkout Session. Stripe is
 * given up in time for the caller to clean up before the function's `deadline`. Throws when
 * Stripe cannot open one; the caller ends its order and answers 502.
 */
async function startCheckout(order: CheckoutOrder, deadline?: number): Promise<Stripe.Checkout.Session & { url: string }> {
  const siteUrl = environment('SITE_URL');
  const opening = (await stripe()).checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: order.price.currency.toLowerCase(),
            unit_amount: order.price.amount,
            product_data: { name: order.name, description: order.description },
          },
        },
      ],
      customer_email: order.email,
      // A card (with Apple Pay and Google Pay) is paid or refused at once. A bank debit would keep a
      // session's seat held for the days it takes, from people who could book it now.
      allowed_payment_method_types: ['card'],
      client_reference_id: order.subject.id,
      metadata: checkoutMetadata(order),
      payment_intent_data: { metadata: checkoutMetadata(order) },
      expires_at: Math.floor(Date.parse(order.expiresAt) / 1000),
      success_url: `${siteUrl}${order.successPath}`,
      cancel_url: `${siteUrl}${order.cancelPath}`,
    },
    { idempotencyKey: `checkout-${order.subject.id}` },
  );
  const checkout =
    deadline === undefined
      ? await opening
      : await beforeDeadline(opening, deadline - CLEAN_UP_RESERVE_MS, 'Opening the checkout');
  if (!checkout.url) throw new Error('Stripe answered a Checkout Session without a URL');
  return checkout as Stripe.Checkout.Session & { url: string };
}

/** Where an order keeps its checkout, and what becomes of it when none can be kept. */
export type CheckoutRecord = {
  /** The order's item. */
  key: Record<string, string>;
  /** The state the order is in while it awaits payment. */
  awaiting: string;
  /** Ends the order when Stripe cannot open its checkout; without it, the order's hold runs out. */
  endUnopened?: () => Promise<unknown>;
  /** The refusal when the order stopped awaiting payment while its checkout was being opened. */
  noLongerPayable: () => Error;
};

/**
 * Opens an order's Checkout Session (startCheckout) and keeps its address on the order, with the
 * order's Payment, in one transaction conditioned on the order still awaiting payment. If Stripe
 * cannot open one, the order is ended (`endUnopened`) and the answer is 502 'Failed to create
 * checkout session'; an order that moved on meanwhile gets no link, and the Checkout Session is closed again.
 */
export async function openOrderCheckout(order: CheckoutOrder, record: CheckoutRecord, deadline?: number): Promise<string> {
  let checkout: Stripe.Checkout.Session & { url: string };
  try {
    checkout = await startCheckout(order, deadline);
  } catch (error) {
    const orderId = { [order.subject.kind === 'booking' ? 'bookingId' : 'purchaseId']: order.subject.id };
    logger.error('Could not open the checkout', { ...orderId, error: String(error) });
    await record.endUnopened?.();
    throw new HttpError(502, 'Failed to create checkout session');
  }
  const recorded = await transactNamed({
    order: {
      Update: {
        TableName: tableName(),
        Key: record.key,
        UpdateExpression: 'SET checkoutSessionId = :id, checkoutUrl = :url',
        ConditionExpression: '#state = :awaiting',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':id': checkout.id, ':url': checkout.url, ':awaiting': record.awaiting },
      },
    },
    // Stripe answers a retried request with the same Checkout Session: its Payment is already written.
    payment: openPayment({
      checkoutSessionId: checkout.id,
      subject: order.subject,
      amount: order.price,
      createdAt: new Date().toISOString(),
    }),
  });
  if (recorded?.refused('order')) {
    await closeCheckout(order.subject.id, checkout.id);
    throw record.noLongerPayable();
  }
  return checkout.url;
}

/**
 * The checkout of a pending booking (openOrderCheckout). If Stripe cannot open one, the request
 * that made the booking releases its seat at once (a replay or a resumption leaves that to the
 * hold's expiry, as the first request may still be opening it). Leaving the checkout unpaid
 * brings the visitor back to the session, whose page gives the booking up (cancelCheckout), unless
 * `keepWhenLeft`: a waitlist offer's booking stays held, to be taken up again by the offer's link.
 */
export function openCheckout(
  booking: BookingRecord,
  options: { releaseOnFailure: boolean; deadline?: number; keepWhenLeft?: boolean },
): Promise<string> {
  const sessionPage = `/sessions/${encodeURIComponent(booking.sessionId)}?checkout=cancelled`;
  return openOrderCheckout(
    {
      subject: { kind: 'booking', id: booking.id },
      price: booking.price,
      name: booking.session.title,
      description: `${formatWhen(booking.session.startTime)}, ${booking.session.location}`,
      email: booking.attendeeEmail,
      expiresAt: booking.holdExpiresAt!,
      successPath: `/booking-confirmation?bookingId=${encodeURIComponent(booking.id)}`,
      cancelPath: options.keepWhenLeft ? sessionPage : `${sessionPage}&booking=${encodeURIComponent(booking.id)}`,
      metadata: { bookingId: booking.id, sessionId: booking.sessionId },
    },
    {
      key: bookingKey(booking.id),
      awaiting: 'held',
      endUnopened: options.releaseOnFailure ? () => releaseBooking(booking, 'checkout_failed', new Date()) : undefined,
      noLongerPayable,
    },
    options.deadline,
  );
}

/**
 * Kept free of the Stripe call at the end of a function's time: releasing a seat is one
 * DynamoDB transaction, given a whole attempt's wait, and the visitor still needs an answer.
 */
export const CLEAN_UP_RESERVE_MS = 7_500;

const noLongerPayable = () => new HttpError(409, 'This booking can no longer be paid. Please book again.');

/** Expires a Checkout Session so its link cannot be paid; a failure only leaves a late payment possible. */
export async function closeCheckout(orderId: string, checkoutSessionId: string) {
  try {
    await (await stripe()).checkout.sessions.expire(checkoutSessionId);
  } catch (error) {
    logger.warn('Could not close a checkout', { orderId, error: String(error) });
  }
}

/**
 * The visitor came back from Stripe's page without paying (its cancel link): the checkout is
 * closed, so it can no longer be paid, and then the seat is given back at once rather than when
 * the hold runs out, with no e-mail. A checkout Stripe does not close (completed: paid, or a bank
 * payment on its way) leaves the booking as it is. Answers whether this call released it.
 */
export async function cancelCheckout(booking: BookingRecord, now: Date): Promise<boolean> {
  if (booking.state !== 'held' || !booking.checkoutSessionId) return false;
  if (!(await closedUnpaid(booking.checkoutSessionId))) return false;
  return releaseBooking(booking, 'checkout_cancelled', now);
}

/** Expires a Checkout Session; whether it is now closed without payment (expired by this call or earlier). */
export async function closedUnpaid(checkoutSessionId: string): Promise<boolean> {
  const client = await stripe();
  try {
    await client.checkout.sessions.expire(checkoutSessionId);
    return true;
  } catch (error) {
    if (!isStripeError(error, 'StripeInvalidRequestError')) throw error;
    // Stripe expires only an open Checkout Session: this one ran out already, or was completed.
    return (await client.checkout.sessions.retrieve(checkoutSessionId)).status === 'expired';
  }
}

/**
 * The checkout of a member's own pending booking, to pay it after all (the 'Pending booking'
 * dialog's OK, docs/product.md#booking). A booking no longer pending, or whose hold has run out, cannot be paid.
 */
export async function resumeCheckout(booking: BookingRecord, now: Date, deadline: number): Promise<string> {
  if (!isPayable(booking, now)) throw noLongerPayable();
  return booking.checkoutUrl ?? openCheckout(booking, { releaseOnFailure: false, deadline });
}

/**
 * An unpaid booking given up (the visitor books anew, the administrator cancels it or its
 * session): its seat is released, and its checkout closed so the old link cannot be paid (a
 * payment that still gets through is a late one, and goes back). Answers whether this call
 * released it.
 */
export async function abandonCheckout(
  booking: BookingRecord,
  now: Date,
  reason: 'replaced' | 'cancelled_by_admin' | 'session_cancelled' = 'replaced',
  audit?: AuditItem,
): Promise<boolean> {
  const released = await releaseBooking(booking, reason, now, audit);
  if (released && booking.checkoutSessionId) {
    await closeCheckout(booking.id, booking.checkoutSessionId);
  }
  return released;
}
