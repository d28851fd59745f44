import type Stripe from 'stripe';
import { stripe } from '../../lib/stripe';
import { recordPayment } from './settle-payment';
import type { PaidCheckout } from '../records/payment-records';

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
