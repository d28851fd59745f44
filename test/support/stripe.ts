import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { dynamo } from '../../functions/lib/aws';
import { stripe } from '../../functions/lib/stripe';
import { tableName } from '../../functions/lib/table';
import { bookingKey } from '../../functions/domain/records/keys';
import { getBooking } from '../../functions/domain/records/bookings';
import { checkoutHold } from '../../functions/domain/records/holds';
import type { BookingConfirmation } from '../../functions/schemas/booking';
import { api, siteUrl } from './stack';

/** The stack's Stripe (the stand-in), through the handlers' own client. */
export { stripe };

/** The stack's Stripe keys, from its secret. */
async function stripeKeys() {
  const secrets = new SecretsManagerClient({});
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: process.env.STRIPE_SECRET_NAME }));
  return JSON.parse(SecretString!) as { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string };
}

/** Signs an event as Stripe would for the stack's webhook endpoint, with `timestamp` in seconds if given. */
export async function signedWebhook(payload: string, timestamp?: number): Promise<string> {
  const { STRIPE_WEBHOOK_SECRET } = await stripeKeys();
  return (await stripe()).webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET, timestamp });
}

let eventCount = 0;
/** A checkout event of the given type carrying the Checkout Session as given, as Stripe sends it. */
export function checkoutEvent(
  type: string,
  checkout: Partial<Stripe.Checkout.Session>,
  id = `evt_test_${Date.now()}_${eventCount++}`,
) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    data: { object: { object: 'checkout.session', ...checkout } },
  });
}

/** Posts a webhook to the stack as Stripe does: the raw JSON and its signature. */
export async function postWebhook(payload: string, signature?: string) {
  const response = await fetch(`${siteUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? (await signedWebhook(payload)) },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

/**
 * Disables or enables the site's webhook endpoint on the stand-in, as in Stripe's Dashboard: while
 * it is disabled, Stripe sends it nothing. Through Stripe's API itself (the site's client carries
 * only what the site calls).
 */
export async function setWebhookEndpoint(disabled: boolean): Promise<void> {
  const { STRIPE_SECRET_KEY } = await stripeKeys();
  const response = await fetch(`${process.env.STRIPE_API_URL}/v1/webhook_endpoints/we_local`, {
    method: 'POST',
    headers: { authorization: `Bearer ${STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: `disabled=${disabled}`,
  });
  if (!response.ok) throw new Error(`The stand-in answered ${response.status} to the webhook endpoint's update`);
}

/** Pays a checkout on the stand-in's hosted page, as the visitor's Pay button does. */
export async function payCheckout(checkoutUrl: string): Promise<void> {
  const response = await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  if (response.status !== 303) throw new Error(`Paying ${checkoutUrl} answered ${response.status}`);
}

/** Polls the booking until `until` holds of it (the webhook and the outbox run after the API answers). */
export async function waitForBooking(
  id: string,
  until: (booking: BookingConfirmation) => boolean,
  timeoutMs = 15_000,
): Promise<BookingConfirmation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api<{ booking: BookingConfirmation }>(`/bookings/${id}`);
    if (until(body.booking) || Date.now() > deadline) return body.booking;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Moves a booking's hold into the past, as if its 31 minutes were up (Stripe's own expiry of the
 * checkout is still to come): the sweep then finds it, and only it, among the shared stack's holds.
 */
export async function runOutHold(bookingId: string) {
  const expiresAt = new Date(Date.now() - 60_000).toISOString();
  const held = { ...(await getBooking(bookingId))!, holdExpiresAt: expiresAt };
  await dynamo.send(new PutCommand(checkoutHold(held).Put));
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: bookingKey(bookingId),
      UpdateExpression: 'SET holdExpiresAt = :expiresAt',
      ExpressionAttributeValues: { ':expiresAt': expiresAt },
    }),
  );
}
