import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { tableName, withoutKeys } from '../../lib/table';
import type { Money } from '../../schemas/money';
import { outboxEvent } from '../../outbox/outbox';
import { paymentKey, refundKey } from './keys';

// What was charged and what was given back, as items of their own: a Payment for each Stripe
// Checkout Session the site opens, a Refund for each sum it owes back. Each names its subject (a
// booking or a recordings purchase), so every kind of order is paid, synced and refunded by
// the same code. No Stripe calls here: those are in checkout.ts and send-refund.ts.

/** What a payment or a refund is for. */
export type PaymentSubject = { kind: 'booking' | 'purchase'; id: string };

/** A Checkout Session the site opened, at the amount it was opened for; paid once Stripe says so. */
export type PaymentRecord = {
  checkoutSessionId: string;
  subject: PaymentSubject;
  amount: Money;
  state: 'open' | 'paid';
  paymentIntentId?: string;
  createdAt: string;
  paidAt?: string;
};

/** A sum as Stripe reported it: any currency, in its minor units. */
export type ReportedMoney = { amount: number; currency: string };

/**
 * Who paid (as Stripe's checkout names them, or the purchase's buyer): kept on a purchase's refund,
 * so that they are told even when the administrator deletes the purchase, whose address goes with it.
 */
export type Payer = { email: string; name: string | null };

/** What Stripe reports of a paid checkout, with whom it has as the payer. */
export type PaidCheckout = {
  checkoutSessionId: string;
  paymentIntentId: string | null;
  amount: ReportedMoney;
  payer?: Payer;
  /** The deployment the Checkout Session says opened it (its `metadata.site`), if any. */
  site?: string;
};

/**
 * What a payment did: confirmed its booking (or paid its purchase), found it already recorded,
 * must be given back, or was for a checkout another seller on the Stripe account opened ('not_ours').
 */
export type PaymentOutcome = 'confirmed' | 'already_paid' | 'refund_due' | 'unexpected' | 'not_ours';

/** Why a payment that came after its hold was released goes back: its seat, or its code's last use, was taken since. */
export type LateRefundReason = 'late_payment' | 'code_used_up';
/**
 * Why money goes back: its order was cancelled (a booking) or refunded by the administrator (a
 * purchase), it came too late (LateRefundReason), it paid for a recordings package its member
 * owns already, or for a checkout that was not the one opened for it.
 */
export type RefundReason = 'cancelled' | LateRefundReason | 'already_owned' | 'unexpected_payment';
export const isLateRefund = (reason: RefundReason): reason is LateRefundReason =>
  reason === 'late_payment' || reason === 'code_used_up';

/**
 * A sum owed back: due when decided, sent once Stripe has taken it, failed when Stripe refuses it.
 * A payment is given back whole and once, so a refund is keyed by its payment intent.
 */
export type RefundRecord = {
  /** Absent for money that arrived for no order of ours. */
  subject?: PaymentSubject;
  paymentIntentId: string;
  amount: ReportedMoney;
  reason: RefundReason;
  /** A purchase's: whom to tell, should the purchase be gone. */
  payer?: Payer;
  state: 'due' | 'sent' | 'failed';
  createdAt: string;
  sentAt?: string;
  failure?: string;
};

/** The Payment of a Checkout Session just opened, as one item of a transaction (written once). */
export function openPayment(payment: Omit<PaymentRecord, 'state'>) {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...paymentKey(payment.checkoutSessionId), type: 'Payment', ...payment, state: 'open' },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getPayment(checkoutSessionId: string): Promise<PaymentRecord | undefined> {
  const result = await dynamo.send(
    new GetCommand({ TableName: tableName(), Key: paymentKey(checkoutSessionId), ConsistentRead: true }),
  );
  return result.Item ? withoutKeys<PaymentRecord>(result.Item) : undefined;
}

/** The Payment marked paid, as one item of a transaction: refused if it already was. */
export function markPaid(checkoutSessionId: string, paymentIntentId: string | null, now: Date) {
  return {
    Update: {
      TableName: tableName(),
      Key: paymentKey(checkoutSessionId),
      UpdateExpression: 'SET #state = :paid, paidAt = :now, paymentIntentId = :intent',
      ConditionExpression: '#state = :open',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':paid': 'paid', ':open': 'open', ':now': now.toISOString(), ':intent': paymentIntentId },
    },
  };
}

/**
 * A refund decided: the Refund item, due, and RefundDue in the outbox, as two items of the
 * transaction that decides it (the item is refused if the payment is already being given back).
 * The refund consumer sends it and moves it on.
 */
export function refundDue(refund: Pick<RefundRecord, 'subject' | 'paymentIntentId' | 'amount' | 'reason' | 'payer'>, now: Date) {
  const record: RefundRecord = { ...refund, state: 'due', createdAt: now.toISOString() };
  return {
    refund: {
      Put: {
        TableName: tableName(),
        Item: { ...refundKey(record.paymentIntentId), type: 'Refund', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    refundEvent: outboxEvent('RefundDue', { paymentIntentId: record.paymentIntentId }, now),
  };
}

export async function getRefund(paymentIntentId: string): Promise<RefundRecord | undefined> {
  const result = await dynamo.send(
    new GetCommand({ TableName: tableName(), Key: refundKey(paymentIntentId), ConsistentRead: true }),
  );
  return result.Item ? withoutKeys<RefundRecord>(result.Item) : undefined;
}

/** The Refund moved on from due (or from failed, when retried), as one item of a transaction. */
export function refundOutcome(
  paymentIntentId: string,
  outcome: { state: 'sent'; at: Date } | { state: 'failed'; failure: string },
) {
  return {
    Update: {
      TableName: tableName(),
      Key: refundKey(paymentIntentId),
      UpdateExpression:
        outcome.state === 'sent' ? 'SET #state = :state, sentAt = :at' : 'SET #state = :state, failure = :failure',
      ConditionExpression: '#state IN (:due, :failed)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':state': outcome.state,
        ':due': 'due',
        ':failed': 'failed',
        ...(outcome.state === 'sent' ? { ':at': outcome.at.toISOString() } : { ':failure': outcome.failure }),
      },
    },
  };
}
