import type Stripe from 'stripe';

/**
 * The parts of Stripe's API the site calls. The Lambda bundles make Stripe's client with these
 * alone (infra/called-stripe-resources.ts), and `stripe()` hands out no other in either runtime.
 */
export const calledStripeResources = ['checkout', 'refunds'] as const satisfies readonly (keyof Stripe)[];

/** The Stripe client: the resources the site calls, and the webhook signature check. */
export type StripeClient = Pick<Stripe, (typeof calledStripeResources)[number] | 'webhooks'>;
