import { conflict, notFound } from '../../lib/errors';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import type { Actor } from '../../lib/auth';
import { auditEntry } from '../records/audit';
import { countCodeUse, refusedCode } from '../records/discounts';
import { closeCheckout } from './checkout';
import { dropHold } from './purchase-payments';
import { getPurchase, giveUpOwnership, type PurchaseRecord } from '../records/purchases';
import { purchaseKey } from '../records/keys';

// The administrator deletes a recordings purchase: the item goes, with its index keys (attributes
// of the item), its checkout's hold and any ownership of the package it gave. Paid money is never
// deleted silently: a paid purchase is refunded first (refund-order), then it may be deleted. The
// Payment and Refund items stay, as the record of what Stripe took and gave back; a payment that
// still arrives for a deleted purchase is refunded (purchase-payments.ts). Its own module, so only
// its route carries the Stripe client that closes a checkout.

export const PAID_PURCHASE_REFUSAL = 'This purchase is paid: refund it first, then delete it.';

/**
 * Deletes a purchase that is not paid, in one transaction with its audit entry, conditioned on
 * its state as read. A pending one's checkout is closed first, so its link can no longer be paid,
 * and its code's use is given back, as its expiry would have.
 */
export async function deletePurchase(id: string, actor: Actor, now: Date): Promise<void> {
  const purchase = await getPurchase(id, { consistent: true });
  if (!purchase) throw notFound('Purchase not found');
  if (purchase.state === 'paid') throw conflict(PAID_PURCHASE_REFUSAL);
  if (purchase.state === 'pending' && purchase.checkoutSessionId) await closeCheckout(purchase.id, purchase.checkoutSessionId);
  await removePurchase(purchase, actor, now, { owner: true, code: purchase.state === 'pending' });
}

async function removePurchase(
  purchase: PurchaseRecord,
  actor: Actor,
  now: Date,
  give: { owner: boolean; code: boolean },
): Promise<void> {
  const pending = purchase.state === 'pending';
  const refusal = await transactNamed({
    purchase: {
      Delete: {
        TableName: tableName(),
        Key: purchaseKey(purchase.id),
        ConditionExpression: '#state = :state',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':state': purchase.state },
      },
    },
    // Refused when another purchase gave the member the package: that ownership stays.
    owner: give.owner && purchase.userId !== undefined && giveUpOwnership(purchase.userId, purchase.id),
    hold: pending && dropHold(purchase.id),
    discount: give.code && purchase.discountCode !== undefined && countCodeUse(purchase.discountCode, -1),
    audit: auditEntry({ kind: 'purchase', id: purchase.id }, 'purchase.deleted', actor, now, {
      state: purchase.state,
      email: purchase.customerEmail,
      price: purchase.price,
    }),
  });
  if (!refusal) return;
  if (refusal.refused('purchase')) throw conflict('This purchase changed meanwhile. Please refresh and try again.');
  if (refusal.refused('owner')) return removePurchase(purchase, actor, now, { ...give, owner: false });
  // A code deleted since has no use to give back.
  const code = refusal.refused('discount');
  if (code && !refusedCode(code)) return removePurchase(purchase, actor, now, { ...give, code: false });
  throw new Error(`The purchase ${purchase.id} could not be deleted`);
}
