import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { getPurchase, type PurchaseRecord } from '../../functions/domain/records/purchases';
import { purchaseKey } from '../../functions/domain/records/keys';
import { purchaseHold } from '../../functions/domain/flows/purchase-payments';
import type { PurchaseAnswer } from '../../functions/schemas/purchase';
import { api } from './stack';

const bearer = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** `POST /api/purchases` as a guest (with an e-mail in the body) or as the member of `token`. */
export const buy = (body: Record<string, unknown>, token?: string) =>
  api<PurchaseAnswer & { message?: string }>('/purchases', {
    method: 'POST',
    headers: bearer(token),
    body: JSON.stringify(body),
  });

/** Polls the purchase until it is in `state` (the webhook and the outbox run after the API answers). */
export async function waitForPurchase(id: string, state: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const purchase = await getPurchase(id, { consistent: true });
    if (purchase?.state === state || Date.now() > deadline) return purchase;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The purchase's Checkout Session as Stripe reports it paid, with a payment of its own. */
export const paidCheckoutOf = async (purchaseId: string) => paidCheckoutFor((await getPurchase(purchaseId))!);

/** The same, for a purchase as it was read (it may be gone since). */
export function paidCheckoutFor(purchase: PurchaseRecord) {
  return {
    id: purchase.checkoutSessionId!,
    client_reference_id: purchase.id,
    payment_status: 'paid' as const,
    payment_intent: `pi_test_${ulid()}`,
    amount_total: purchase.price.amount,
    currency: purchase.price.currency.toLowerCase(),
    // The address the checkout was opened with, whom Stripe took the payment from.
    customer_email: purchase.customerEmail,
  };
}

/** Moves a pending purchase's checkout expiry (and its hold, which the sweep finds) into the past, as if its 31 minutes were up. */
export async function runOutCheckout(purchaseId: string) {
  const past = new Date(Date.now() - 60_000).toISOString();
  await dynamo.send(new PutCommand(purchaseHold({ id: purchaseId }, past).Put));
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: purchaseKey(purchaseId),
      UpdateExpression: 'SET checkoutExpiresAt = :past',
      ExpressionAttributeValues: { ':past': past },
    }),
  );
}
