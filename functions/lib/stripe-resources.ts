import type Stripe from 'stripe';

/**
 * The parts of Stripe's API the site calls. A Lambda's Stripe client is made with these alone
 * (infra/called-stripe-resources.ts), so the client's type offers no other.
 */
export const calledStripeResources = ['checkout', 'refunds'] as const satisfies readonly (keyof Stripe)[];

/** The Stripe client: the resources the site calls, and the webhook signature check. */
export type StripeClient = Pick<Stripe, (typeof calledStripeResources)[number] | 'webhooks'>;
