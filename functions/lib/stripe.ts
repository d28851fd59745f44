import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { awsClientConfig } from './aws-client-config';
import { optionalEnvironment } from './environment';
import { stripeRequestLimits } from './outbound-limits';
import type { StripeClient } from './stripe-resources';

/** The secret's JSON: the API key and the signing secret of the webhook endpoint. */
const StripeKeys = z.object({
  STRIPE_SECRET_KEY: z.string().check(z.minLength(1)),
  STRIPE_WEBHOOK_SECRET: z.string().check(z.minLength(1)),
});
type StripeKeys = z.infer<typeof StripeKeys>;

let secrets: SecretsManagerClient | undefined;
let keys: Promise<StripeKeys> | undefined;
let client: StripeClient | undefined;

/**
 * The keys, read once per container from Secrets Manager (STRIPE_SECRET_NAME, set on functions
 * granted `stripe:read`). A failed read is not kept, so the next request tries again.
 */
function stripeKeys(): Promise<StripeKeys> {
  const name = optionalEnvironment('STRIPE_SECRET_NAME');
  if (!name) throw new Error('STRIPE_SECRET_NAME is not set: the function needs the stripe:read grant');
  // Created on first use, so a function that never calls Stripe carries no client.
  secrets ??= new SecretsManagerClient(awsClientConfig);
  keys ??= secrets
    .send(new GetSecretValueCommand({ SecretId: name }))
    .then((secret) => StripeKeys.parse(JSON.parse(secret.SecretString ?? '{}')))
    .catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
  return keys;
}

/**
 * The Stripe client. It talks to api.stripe.com, or, when STRIPE_API_URL is set (the local
 * stack's stand-in), to that host, port and protocol: nothing else differs. It holds the resources
 * the Lambda bundles make (functions/lib/stripe-resources.ts) and no other, here as there.
 */
export async function stripe(): Promise<StripeClient> {
  const { STRIPE_SECRET_KEY } = await stripeKeys();
  if (client) return client;
  const api = optionalEnvironment('STRIPE_API_URL');
  const endpoint = api ? new URL(api) : undefined;
  // Loaded with the first call: a route that may call Stripe (a booking) often does not (a free one).
  const { default: StripeSdk } = await import('stripe');
  const whole = new StripeSdk(STRIPE_SECRET_KEY, {
    maxNetworkRetries: stripeRequestLimits.maxNetworkRetries,
    timeout: stripeRequestLimits.attemptTimeoutMs,
    ...(endpoint && {
      host: endpoint.hostname,
      port: endpoint.port,
      protocol: endpoint.protocol === 'http:' ? 'http' : 'https',
    }),
  });
  client = { checkout: whole.checkout, refunds: whole.refunds, webhooks: whole.webhooks };
  return client;
}

/**
 * Verifies a webhook's signature over the raw body (throws Stripe's signature error when it is
 * not Stripe's), then answers the body as parsed JSON, or undefined when it is not JSON: what the
 * event holds is for the caller to check before reading it.
 */
export async function verifiedWebhookPayload(rawBody: string, signature: string): Promise<unknown> {
  const { STRIPE_WEBHOOK_SECRET } = await stripeKeys();
  const { webhooks } = await stripe();
  if (!webhooks.signature) throw new Error('The Stripe SDK has no webhook signature helper on this platform');
  await webhooks.signature.verifyHeaderAsync(rawBody, signature, STRIPE_WEBHOOK_SECRET);
  try {
    return JSON.parse(rawBody);
  } catch {
    return undefined;
  }
}

/** Whether an error is Stripe's, of one type (Stripe's class of it names it): asked without loading Stripe's SDK. */
export const isStripeError = (
  error: unknown,
  type: 'StripeInvalidRequestError' | 'StripeSignatureVerificationError',
): error is Error & { type: typeof type } => error instanceof Error && (error as Error & { type?: unknown }).type === type;
