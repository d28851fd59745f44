import { logger } from '../../lib/logger';
import { count } from '../../lib/metrics';
import { isStripeError, stripe } from '../../lib/stripe';
import { transactNamed } from '../../lib/transactions';
import { transitionUpdate } from '../records/booking-lifecycle';
import { getRefund, refundOutcome, type RefundRecord } from '../records/payment-records';

/**
 * Sends a due (or failed) refund to Stripe and moves it on: sent, with a late payment's booking
 * now refunded, in one transaction; or failed, when Stripe refuses it for good (the operator
 * hears of it, and may send it again). A refund already sent is left as it is. Stripe's
 * idempotency key is the payment intent, so a retry never refunds twice. Answers the refund
 * as it now stands.
 */
export async function sendRefund(paymentIntentId: string, now: Date): Promise<RefundRecord> {
  const refund = await getRefund(paymentIntentId);
  if (!refund) throw new Error(`The refund of ${paymentIntentId} is missing`);
  if (refund.state === 'sent') return refund;
  try {
    await (
      await stripe()
    ).refunds.create(
      { payment_intent: paymentIntentId, reason: 'requested_by_customer', metadata: { reason: refund.reason } },
      { idempotencyKey: `refund-${paymentIntentId}` },
    );
  } catch (error) {
    if (!isStripeError(error, 'StripeInvalidRequestError')) throw error;
    logger.error('Stripe refused a refund', { paymentIntentId, error: error.message });
    count('refundFailed');
    await transactNamed({ refund: refundOutcome(paymentIntentId, { state: 'failed', failure: error.message }) });
    return { ...refund, state: 'failed', failure: error.message };
  }
  // The booking this money was for is refunded with it (an unexpected payment's never was paid).
  const booking = refund.reason !== 'unexpected_payment' && refund.subject?.kind === 'booking' ? refund.subject.id : undefined;
  await transactNamed({
    refund: refundOutcome(paymentIntentId, { state: 'sent', at: now }),
    booking: booking !== undefined && transitionUpdate('refund', booking, now),
  });
  return { ...refund, state: 'sent', sentAt: now.toISOString() };
}
