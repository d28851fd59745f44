import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import Stripe from 'stripe';
import * as z from 'zod/mini';
import { HttpError } from '../lib/errors';
import { httpRoute } from '../lib/http';
import { idempotencyStore } from '../lib/idempotency';
import { logger } from '../lib/logger';
import { count } from '../lib/metrics';
import { verifiedWebhookEvent } from '../lib/stripe';
import { getBooking } from '../domain/bookings';
import { getPayment } from '../domain/payment-records';
import { paidCheckoutOf } from '../domain/payments';
import { awaitAsyncPayment, releaseHold } from '../domain/seat-holds';
import { recordPayment } from '../domain/settle-payment';

const StripeSignatureHeaders = z.object({
  'stripe-signature': z
    .string({ error: 'The Stripe-Signature header is missing' })
    .check(z.minLength(1, 'The Stripe-Signature header is missing')),
});

/** Stripe retries an event for up to three days; an id seen within a month is not handled again. */
const EVENT_ID_WINDOW_SECONDS = 30 * 86_400;

const onceEach = new IdempotencyConfig({ eventKeyJmesPath: 'id', expiresAfterSeconds: EVENT_ID_WINDOW_SECONDS });
const handleOnce = makeIdempotent(handleEvent, { persistenceStore: idempotencyStore('stripe-webhook'), config: onceEach });

/**
 * Stripe's webhook: the signature is verified over the raw body (a bad or stale one is a 400
 * and nothing is written), then each event id is handled once (Powertools Idempotency in the
 * table). Every transition is also conditioned on the booking's and the payment's state, so
 * events out of order or under other ids settle once.
 */
export const handler = httpRoute({ headers: StripeSignatureHeaders }, async ({ headers, rawBody, context }) => {
  try {
    let event: Stripe.Event;
    try {
      event = await verifiedWebhookEvent(rawBody, headers['stripe-signature']);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new HttpError(400, 'The Stripe signature does not match this request.');
      }
      throw error;
    }
    // An event still in progress when this invocation times out may be taken up by Stripe's retry.
    onceEach.registerLambdaContext(context);
    await handleOnce(event);
    return { body: { received: true } };
  } catch (error) {
    // Refused (a wrong signing secret looks like this) or failed: either way Stripe retries, and
    // until one succeeds a payment may be unrecorded, so the operator hears of it.
    count('webhookFailure');
    throw error;
  }
});

/**
 * What the event did, kept as the idempotency record's result. The Checkout Session's own id
 * finds the Payment the site opened for it, and so its booking: `client_reference_id` is only
 * what the session says, and a session the site did not open settles nothing.
 */
async function handleEvent(event: Stripe.Event): Promise<string> {
  if (!event.type.startsWith('checkout.session.')) return 'ignored';
  const checkout = event.data.object as Stripe.Checkout.Session;
  const now = new Date();
  if (event.type === 'checkout.session.completed' && checkout.payment_status !== 'unpaid') {
    return recordPayment(paidCheckoutOf(checkout), now);
  }
  if (event.type === 'checkout.session.async_payment_succeeded') return recordPayment(paidCheckoutOf(checkout), now);

  const payment = await getPayment(checkout.id);
  const booking = payment && (await getBooking(payment.subject.id));
  if (!booking) {
    logger.warn('A checkout event names no checkout of ours', { eventId: event.id, checkoutSessionId: checkout.id });
    return 'unknown checkout';
  }
  switch (event.type) {
    case 'checkout.session.completed':
      await awaitAsyncPayment(booking, now);
      return 'awaiting payment';
    case 'checkout.session.async_payment_failed':
      return (await releaseHold(booking, 'payment_failed', now)) ? 'released' : 'unchanged';
    case 'checkout.session.expired':
      return (await releaseHold(booking, 'expired', now)) ? 'released' : 'unchanged';
    default:
      return 'ignored';
  }
}
