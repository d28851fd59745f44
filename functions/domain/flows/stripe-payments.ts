import type Stripe from 'stripe';
import { environment } from '../../lib/environment';
import { logger } from '../../lib/logger';
import { count } from '../../lib/metrics';
import { stripe } from '../../lib/stripe';
import { recordPayment } from './settle-payment';
import { getPayment, getRefund, type PaidCheckout } from '../records/payment-records';

// What Stripe says was paid, brought to the one payment path (settle-payment.ts): apart from
// checkout.ts, so the functions that open and close checkouts carry none of what settles them.

/** The three outcomes of 'Sync with Stripe' (docs/product.md#payments). */
export type SyncOutcome = 'updated' | 'already_paid' | 'no_payment_found';

/**
 * 'Sync with Stripe' for an order (a booking or a purchase): asks Stripe for the order's Checkout
 * Session and records a payment found there through the webhook's own path (once, whoever comes first).
 */
export async function syncWithStripe(order: { paid: boolean; checkoutSessionId?: string }, now: Date): Promise<SyncOutcome> {
  if (order.paid) return 'already_paid';
  if (!order.checkoutSessionId) return 'no_payment_found';
  const checkout = await (await stripe()).checkout.sessions.retrieve(order.checkoutSessionId);
  if (checkout.payment_status !== 'paid') return 'no_payment_found';
  const outcome = await recordPayment(paidCheckoutOf(checkout), now);
  return outcome === 'already_paid' ? 'already_paid' : 'updated';
}

/** What Stripe reports of a paid checkout: which Checkout Session, which payment, what was paid, and by whom. */
export function paidCheckoutOf(checkout: Stripe.Checkout.Session): PaidCheckout {
  const intent = checkout.payment_intent;
  const email = checkout.customer_details?.email ?? checkout.customer_email;
  return {
    checkoutSessionId: checkout.id,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amount: { amount: checkout.amount_total ?? 0, currency: (checkout.currency ?? '').toUpperCase() },
    ...(email && { payer: { email, name: checkout.customer_details?.name ?? null } }),
    ...(checkout.metadata?.site && { site: checkout.metadata.site }),
  };
}

/**
 * How far back the reconciliation looks: two days, so each Checkout Session is seen by several
 * runs, one that completed while a run was going among them.
 */
const RECONCILE_WINDOW_SECONDS = 2 * 86_400;

/**
 * Payments Stripe has and the site does not (a webhook lost, an endpoint disabled), every six hours: every
 * Checkout Session of this site paid in the last two days whose Payment is not recorded as paid,
 * and whose money is not owed back already, goes through the webhook's own path now. Answers how many it recorded, each counted for the
 * alarm: any is a webhook that never arrived.
 */
export async function reconcilePayments(now: Date): Promise<number> {
  const since = Math.floor(now.getTime() / 1000) - RECONCILE_WINDOW_SECONDS;
  let recorded = 0;
  for await (const checkout of (await stripe()).checkout.sessions.list({
    created: { gte: since },
    status: 'complete',
    limit: 100,
  })) {
    if (checkout.metadata?.site !== environment('SITE_ID') || checkout.payment_status !== 'paid') continue;
    if ((await getPayment(checkout.id))?.state === 'paid') continue;
    // Money the site already owes back (a payment it could not match) has been acted on.
    const paid = paidCheckoutOf(checkout);
    if (paid.paymentIntentId && (await getRefund(paid.paymentIntentId))) continue;
    const outcome = await recordPayment(paid, now);
    if (outcome === 'already_paid') continue;
    logger.warn('A payment Stripe had was not recorded: recorded now', { checkoutSessionId: checkout.id, outcome });
    count('reconciledPayment');
    recorded++;
  }
  return recorded;
}
