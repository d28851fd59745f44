import { IdempotencyAlreadyInProgressError } from '@aws-lambda-powertools/idempotency';
import type Stripe from 'stripe';
import * as z from 'zod/mini';
import { correlationId, correlationOf, withCorrelation } from '../lib/correlation';
import { environment } from '../lib/environment';
import { HttpError } from '../lib/errors';
import { openRoute } from '../lib/route-handler';
import { oncePerKey } from '../lib/idempotency';
import { logger } from '../lib/logger';
import { count } from '../lib/metrics';
import { isStripeError, verifiedWebhookPayload } from '../lib/stripe';
import { getBooking } from '../domain/records/bookings';
import { getPayment } from '../domain/records/payment-records';
import { paidCheckoutOf } from '../domain/flows/stripe-payments';
import { awaitAsyncPayment, recordPayment } from '../domain/flows/settle-payment';
import { releaseBooking } from '../domain/flows/release-booking';
import { getPurchase } from '../domain/records/purchases';
import { awaitPurchasePayment, endPurchase } from '../domain/flows/purchase-payments';

const StripeSignatureHeaders = z.object({
  'stripe-signature': z
    .string({ error: 'The Stripe-Signature header is missing' })
    .check(z.minLength(1, 'The Stripe-Signature header is missing')),
});

/** Stripe retries an event for up to three days; an id seen within a month is not handled again. */
const EVENT_ID_WINDOW_SECONDS = 30 * 86_400;

/** Each event once, by its id. */
const handleOnce = oncePerKey({ partition: 'stripe-webhook', windowSeconds: EVENT_ID_WINDOW_SECONDS }, handleEvent);

/** Stripe's ids and names are short; a reference it stores is at most 200 characters. */
const stripeText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .check(z.minLength(1, 'must not be empty'), z.maxLength(max, `must be at most ${max} characters`));
const anObject = { error: 'must be an object' };

/** What the handling below reads of any event, checked before anything is read or written. */
const StripeEventShape = z.looseObject(
  { id: stripeText(255), type: stripeText(255), data: z.looseObject({ object: z.looseObject({}, anObject) }, anObject) },
  anObject,
);

/** What it reads of a checkout event's Checkout Session, as Stripe sends it. */
const CheckoutSessionShape = z.looseObject({
  id: stripeText(255),
  client_reference_id: z.nullish(stripeText(200)),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required'], { error: 'must be paid, unpaid or no_payment_required' }),
  payment_intent: z.nullish(
    z.union([stripeText(255), z.looseObject({ id: stripeText(255) })], { error: 'must be an id or an object with one' }),
  ),
  // What was paid, which settles a booking only if it is what its checkout was opened for.
  amount_total: z.nullish(z.int({ error: 'must be a whole number' }).check(z.nonnegative('must not be negative'))),
  currency: z.nullish(stripeText(3)),
});

/** Where and what, never the value itself (a refused field may be kilobytes long). */
const described = (error: z.core.$ZodError, within: string[] = []) =>
  error.issues.map((issue) => `${[...within, ...issue.path].join('.') || 'the event'} ${issue.message}`).join('; ');

/** Why a signed event cannot be handled, or nothing when its shape is one the handling reads. */
function malformation(payload: unknown): string | undefined {
  if (payload === undefined) return 'the body is not JSON';
  const event = StripeEventShape.safeParse(payload);
  if (!event.success) return described(event.error);
  if (!event.data.type.startsWith('checkout.session.')) return undefined;
  const checkout = CheckoutSessionShape.safeParse(event.data.data.object);
  return checkout.success ? undefined : described(checkout.error, ['data', 'object']);
}

/** The event's id, when it has one, for the operator to find it in Stripe's dashboard. */
const eventIdOf = (payload: unknown) =>
  typeof payload === 'object' && payload !== null && 'id' in payload && typeof payload.id === 'string'
    ? payload.id.slice(0, 255)
    : undefined;

/**
 * Stripe's webhook: the signature is verified over the raw body (a bad or stale one is a 400
 * and nothing is written), then the event's shape, then each event id is handled once
 * (Powertools Idempotency in the table). Every transition is also conditioned on the booking's
 * and the payment's state, so events out of order or under other ids settle once.
 */
export const handler = openRoute({ headers: StripeSignatureHeaders }, async ({ headers, rawBody, context }) => {
  try {
    let payload: unknown;
    try {
      payload = await verifiedWebhookPayload(rawBody, headers['stripe-signature']);
    } catch (error) {
      if (isStripeError(error, 'StripeSignatureVerificationError')) {
        throw new HttpError(400, 'The Stripe signature does not match this request.');
      }
      throw error;
    }
    // A signed event we cannot read (not JSON, no data.object, a type or reference of the wrong
    // kind or length) is refused with a 200, not a 4xx: Stripe retries any other answer for three
    // days and in the end disables the endpoint, and the same bytes would be refused each time.
    // Nothing is written; the refusal is logged and counted, so the operator is alarmed at once.
    const refusal = malformation(payload);
    if (refusal) {
      logger.warn('A signed Stripe event was refused: its shape is not one we read', { eventId: eventIdOf(payload), refusal });
      count('webhookFailure');
      return { body: { received: true, refused: refusal } };
    }
    // An event still in progress when this invocation times out may be taken up by Stripe's retry.
    const event = payload as Stripe.Event;
    try {
      // Under the id of the request that opened the checkout: the booking's path reads as one.
      const opener = event.type.startsWith('checkout.session.')
        ? correlationOf((event.data.object as Stripe.Checkout.Session).metadata)
        : undefined;
      await withCorrelation(opener ?? correlationId(), () => handleOnce(event, event.id, context));
    } catch (error) {
      // Another delivery of the same event is being handled right now. Not a 2xx: should that one
      // fail, Stripe must still retry the event; its retry finds it handled and gets a 200.
      if (error instanceof IdempotencyAlreadyInProgressError) {
        return { status: 409, body: { message: 'This event is being handled by another delivery of it.' } };
      }
      throw error;
    }
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
 * finds the Payment the site opened for it, and so its booking or purchase: `client_reference_id` is only
 * what the Checkout Session says, and a Checkout Session the site did not open settles nothing. One
 * that does not carry the site's mark either (`metadata.site`) is another seller's on the account:
 * acknowledged, and left alone.
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
  if (payment?.subject.kind === 'purchase') return purchaseCheckoutEvent(event.type, payment.subject.id, now);
  const booking = payment && (await getBooking(payment.subject.id));
  if (!booking) {
    // Another seller's on the same Stripe account (a payment link, another site) is no concern of ours.
    if (checkout.metadata?.site !== environment('SITE_ID')) return 'not ours';
    logger.warn('A checkout event names no checkout of ours', { eventId: event.id, checkoutSessionId: checkout.id });
    return 'unknown checkout';
  }
  switch (event.type) {
    case 'checkout.session.completed':
      await awaitAsyncPayment(booking, now);
      return 'awaiting payment';
    case 'checkout.session.async_payment_failed':
      return (await releaseBooking(booking, 'payment_failed', now)) ? 'released' : 'unchanged';
    case 'checkout.session.expired':
      return (await releaseBooking(booking, 'expired', now)) ? 'released' : 'unchanged';
    default:
      return 'ignored';
  }
}

/** The same events for a recordings purchase: it stays pending while a bank pays, or ends unpaid. */
async function purchaseCheckoutEvent(type: Stripe.Event['type'], purchaseId: string, now: Date): Promise<string> {
  const purchase = await getPurchase(purchaseId);
  // Deleted by the administrator, who closed its checkout (Stripe then says it expired): nothing is left to end.
  if (!purchase) return 'purchase deleted';
  switch (type) {
    case 'checkout.session.completed':
      await awaitPurchasePayment(purchase, now);
      return 'awaiting payment';
    case 'checkout.session.async_payment_failed':
      return (await endPurchase(purchase, 'payment_failed', now)) ? 'ended' : 'unchanged';
    case 'checkout.session.expired':
      return (await endPurchase(purchase, 'expired', now)) ? 'ended' : 'unchanged';
    default:
      return 'ignored';
  }
}
