import { tableName } from '../../lib/table';
import { transactNamed, type TransactItem } from '../../lib/transactions';
import { conflict } from '../../lib/errors';
import { outboxEvent } from '../../outbox/outbox';
import type { Actor } from '../../lib/auth';
import { accountIdOf } from '../records/accounts';
import { auditEntry } from '../records/audit';
import { countCodeUse, refusedCode } from '../records/discounts';
import {
  markPaid,
  refundDue,
  type PaymentRecord,
  type RefundReason,
  type PaidCheckout,
  type PaymentOutcome,
} from '../records/payment-records';
import { endingTransition, purchaseStateCheck, purchaseUpdate, type PurchaseEndReason } from '../records/purchase-lifecycle';
import { purchaseKey, holdKey } from '../records/keys';
import { getPurchase, giveUpOwnership, payerOf, purchaseFacts, takeOwnership, type PurchaseRecord } from '../records/purchases';
import { ownsPackage } from '../records/package';
import { holdItem } from '../records/holds';

// A recordings purchase's side of the one payment path (settle-payment.ts, the webhook, the
// admin's sync and refunds): paid once, ended unpaid once, refunded once. No Stripe calls here.

/** A payment Stripe is still collecting (a bank debit) keeps the checkout's purchase pending this long. */
const ASYNC_PAYMENT_DAYS = 7;

/** The purchase's checkout, findable by the sweep when its expiry passes (holds.ts). */
export const purchaseHold = (purchase: Pick<PurchaseRecord, 'id'>, expiresAt: string) =>
  holdItem('purchase-checkout', purchase.id, undefined, expiresAt);

/** The purchase's checkout hold removed, as one item of a transaction. */
export const dropHold = (purchaseId: string) => ({ Delete: { TableName: tableName(), Key: holdKey(purchaseId) } });

/**
 * The purchase must still have the member it was read with (none, or the same): a claim by a new
 * account racing the payment then refuses this write, and the payment is read again with the
 * member, so the ownership is written by whichever comes second.
 */
const sameMember = (purchase: PurchaseRecord) =>
  purchase.userId === undefined
    ? { condition: 'attribute_not_exists(userId)', values: {} }
    : { condition: 'userId = :userId', values: { ':userId': purchase.userId } };

/**
 * Records a paid checkout of a purchase, once, for the Payment it opened (settle-payment.ts has
 * checked the sum). A pending purchase is paid: the package becomes its member's, PurchasePaid is
 * written. One that ended unpaid (expired, failed) is paid after all, as a booking's seat is taken
 * again, if its code still has a use; a member who owns the package already (or a guest paying
 * with the address of one), or a code used up since, is refunded instead, and so is a payment for a purchase the administrator has deleted.
 * Answers undefined when the purchase changed since it was read.
 */
export async function settlePurchase(payment: PaymentRecord, paid: PaidCheckout, now: Date): Promise<PaymentOutcome | undefined> {
  const purchaseId = payment.subject.id;
  const purchase = await getPurchase(purchaseId, { consistent: true });
  // The administrator deleted it (its checkout is closed then, but a payment may still get through).
  if (!purchase) return refundPurchasePayment(purchaseId, { purchase: purchaseGone(purchaseId) }, paid, now, 'late_payment');
  if (purchase.state === 'pending') return payPurchase(purchase, paid, now, 'pay');
  if (purchase.state === 'expired' || purchase.state === 'failed') return payPurchase(purchase, paid, now, 'payLate');
  return refundAsItStands(purchase, paid, now, 'late_payment');
}

/** A transaction item that only checks the purchase no longer exists. */
const purchaseGone = (purchaseId: string) => ({
  ConditionCheck: { TableName: tableName(), Key: purchaseKey(purchaseId), ConditionExpression: 'attribute_not_exists(pk)' },
});

async function payPurchase(
  purchase: PurchaseRecord,
  paid: PaidCheckout,
  now: Date,
  transition: 'pay' | 'payLate',
): Promise<PaymentOutcome | undefined> {
  const late = transition === 'payLate';
  // A guest's payment with the address of an account that owns the package already (bought
  // signed out, or on another device) is a second payment: given back, as a member's would be.
  if (purchase.userId === undefined && (await addressOwnsPackage(purchase.customerEmail))) {
    return refundPurchasePayment(purchase.id, declined(purchase, paid, late, now), paid, now, 'already_owned');
  }
  const refusal = await transactNamed({
    payment: markPaid(paid.checkoutSessionId, paid.paymentIntentId, now),
    purchase: purchaseUpdate(transition, purchase.id, now, {
      set: { paidAt: now.toISOString(), ...(paid.paymentIntentId && { paymentIntentId: paid.paymentIntentId }) },
      remove: late ? ['endedAt', 'endReason', 'checkoutExpiresAt'] : ['checkoutExpiresAt'],
      when: sameMember(purchase),
    }),
    owner: purchase.userId !== undefined && takeOwnership(purchase.userId, purchase.id, now),
    hold: !late && dropHold(purchase.id),
    // They paid the discounted price: the code its ending gave back counts again, if a use is left.
    discount: late && purchase.discountCode !== undefined && countCodeUse(purchase.discountCode, 1),
    event: outboxEvent('PurchasePaid', purchaseFacts(purchase), now),
  });
  if (!refusal) return 'confirmed';
  if (refusal.refused('payment') || refusal.refused('purchase')) return undefined;
  if (refusal.refused('owner'))
    return refundPurchasePayment(purchase.id, declined(purchase, paid, late, now), paid, now, 'already_owned');
  const code = refusal.refused('discount');
  // A code deleted since is no longer counted; one whose uses others took since is not theirs again.
  if (code && !refusedCode(code)) return payPurchase({ ...purchase, discountCode: undefined }, paid, now, transition);
  return refundAsItStands(purchase, paid, now, 'code_used_up');
}

/** The payment given back, the purchase left as it was read. */
const refundAsItStands = (purchase: PurchaseRecord, paid: PaidCheckout, now: Date, reason: RefundReason) =>
  refundPurchasePayment(purchase.id, { purchase: purchaseStateCheck(purchase.id, [purchase.state]) }, paid, now, reason);

/**
 * A second payment for a package its buyer owns ends the purchase refunded, so its return page
 * says so rather than waiting for a payment that was given back; a pending one's hold goes with it.
 * The purchase keeps the payment's id, as a paid one does, for the administrator to find it in Stripe.
 */
const declined = (purchase: PurchaseRecord, paid: PaidCheckout, late: boolean, now: Date) => ({
  purchase: purchaseUpdate('decline', purchase.id, now, {
    set: { ...(paid.paymentIntentId && { paymentIntentId: paid.paymentIntentId }) },
    remove: ['checkoutExpiresAt'],
    when: sameMember(purchase),
  }),
  hold: !late && dropHold(purchase.id),
});

async function addressOwnsPackage(email: string): Promise<boolean> {
  const owner = await accountIdOf(email);
  return owner !== undefined && ownsPackage(owner, { consistent: true });
}

/**
 * The payment is recorded and given back, with `purchaseItems`: a check that the purchase is still
 * as read (or still gone), or its move to refunded.
 */
async function refundPurchasePayment(
  purchaseId: string,
  purchaseItems: { purchase: TransactItem; hold?: TransactItem | false },
  paid: PaidCheckout,
  now: Date,
  reason: RefundReason,
): Promise<PaymentOutcome | undefined> {
  if (!paid.paymentIntentId) throw new Error(`The payment of purchase ${purchaseId} names no payment intent to refund`);
  const refusal = await transactNamed({
    payment: markPaid(paid.checkoutSessionId, paid.paymentIntentId, now),
    ...purchaseItems,
    ...refundDue(
      {
        subject: { kind: 'purchase', id: purchaseId },
        paymentIntentId: paid.paymentIntentId,
        amount: paid.amount,
        reason,
        // Whom Stripe took it from: told even when the purchase is deleted (or already was).
        payer: paid.payer,
      },
      now,
    ),
  });
  // Refused on the refund: this payment is already being given back.
  return refusal && !refusal.refused('refund') ? undefined : 'refund_due';
}

/**
 * Ends a pending purchase unpaid, exactly once whoever comes first (Stripe's expiry or failure,
 * the sweep, a checkout that could not be opened): its code's use given back, its hold gone. An
 * expiry ends only a checkout whose time has run out (one extended for a bank payment stands).
 * Answers whether this call ended it.
 */
export async function endPurchase(purchase: PurchaseRecord, reason: PurchaseEndReason, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const refusal = await transactNamed({
    purchase: purchaseUpdate(endingTransition(reason), purchase.id, now, {
      set: { endedAt: at, endReason: reason },
      remove: ['checkoutExpiresAt'],
      when: reason === 'expired' ? { condition: 'checkoutExpiresAt <= :now', values: { ':now': at } } : undefined,
    }),
    hold: dropHold(purchase.id),
    // An unpaid checkout did not use the code.
    discount: purchase.discountCode !== undefined && countCodeUse(purchase.discountCode, -1),
  });
  if (!refusal) return true;
  if (refusal.refused('purchase')) return false;
  return endPurchase({ ...purchase, discountCode: undefined }, reason, now);
}

/** A checkout completed with the payment still on its way (a bank debit): the purchase stays pending while the bank settles. */
export async function awaitPurchasePayment(purchase: PurchaseRecord, now: Date): Promise<void> {
  const expiresAt = new Date(now.getTime() + ASYNC_PAYMENT_DAYS * 86_400_000).toISOString();
  await transactNamed({
    purchase: {
      Update: {
        TableName: tableName(),
        Key: purchaseKey(purchase.id),
        UpdateExpression: 'SET checkoutExpiresAt = :expires',
        ConditionExpression: '#state = :pending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':expires': expiresAt, ':pending': 'pending' },
      },
    },
    hold: purchaseHold(purchase, expiresAt),
  });
}

/**
 * The administrator refunds a paid purchase: it is refunded and the package is no longer its
 * member's, in one transaction with the Refund item (the refund consumer sends it to Stripe and
 * tells the buyer), PurchaseRefunded (the overview takes it off the revenue) and the audit entry.
 * A purchase given free has nothing to send back.
 */
export async function refundPurchase(purchase: PurchaseRecord, actor: Actor, now: Date): Promise<void> {
  if (purchase.state !== 'paid') throw conflict('Only a paid purchase can be refunded.');
  const money = purchase.price.amount > 0;
  if (money && !purchase.paymentIntentId) throw conflict('This purchase has no Stripe payment to refund.');
  const refusal = await transactNamed({
    event: outboxEvent(
      'PurchaseRefunded',
      { ...purchaseFacts(purchase), refund: money ? purchase.price : null, refundedAt: now.toISOString() },
      now,
    ),
    purchase: purchaseUpdate('refund', purchase.id, now, { when: sameMember(purchase) }),
    owner: purchase.userId !== undefined && giveUpOwnership(purchase.userId, purchase.id),
    ...(money &&
      refundDue(
        {
          subject: { kind: 'purchase', id: purchase.id },
          paymentIntentId: purchase.paymentIntentId!,
          amount: purchase.price,
          reason: 'cancelled',
          payer: payerOf(purchase),
        },
        now,
      )),
    audit: auditEntry({ kind: 'purchase', id: purchase.id }, 'purchase.refunded', actor, now, {
      amount: purchase.price,
    }),
  });
  if (refusal) throw conflict('This purchase changed meanwhile. Please refresh and try again.');
}
