import { eventConsumer } from '../lib/event-consumer';
import { getBooking } from '../domain/records/bookings';
import { getBookingView } from '../domain/records/booking-views';
import { refundEmail } from '../domain/emails/booking-emails';
import { sendRefund } from '../domain/flows/send-refund';
import { isLateRefund, type RefundRecord } from '../domain/records/payment-records';
import { purchaseRefundEmail, type PurchaseRefundReason } from '../domain/emails/purchase-emails';
import { getPurchase } from '../domain/records/purchases';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';
import { currencies } from '../schemas/money';

/**
 * Gives back money owed (its Refund item says what and why), then tells the buyer: of a booking's
 * late payment (a cancelled booking's e-mail says so itself), and of any purchase's refund. A retry
 * after the refund went through sends nothing twice to Stripe.
 */
export const handler = eventConsumer('payments/send-refund', async ({ detail }) => {
  const refund = await sendRefund(detail.paymentIntentId, new Date());
  if (refund.state !== 'sent' || refund.reason === 'unexpected_payment') return;
  if (refund.subject?.kind === 'purchase') return tellPurchaseBuyer(refund.subject.id, refund.reason, refund);
  if (!isLateRefund(refund.reason) || refund.subject?.kind !== 'booking') return;
  const [booking, view] = await Promise.all([getBooking(refund.subject.id), getBookingView(refund.subject.id)]);
  if (!booking || !view) throw new Error(`The refunded booking ${refund.subject.id} is missing`);
  await sendEmail(refundEmail(view, booking.price, booking.attendeeEmail, refund.reason));
});

async function tellPurchaseBuyer(
  purchaseId: string,
  reason: PurchaseRefundReason,
  refund: Pick<RefundRecord, 'amount' | 'payer'>,
) {
  const purchase = await getPurchase(purchaseId);
  if (purchase) return sendEmail(purchaseRefundEmail(purchase, reason));
  // Deleted by the administrator: its address went with it, so the payer the refund keeps is told.
  if (!refund.payer) return logger.warn('The refunded purchase is gone and its refund names no payer to tell', { purchaseId });
  // Settled only at the sum its checkout was opened for, so in one of the site's currencies.
  const currency = currencies.find((known) => known === refund.amount.currency);
  if (!currency)
    throw new Error(`The refund of purchase ${purchaseId} is in ${refund.amount.currency}, not a currency of the site`);
  const buyer = { id: purchaseId, customerEmail: refund.payer.email, customerName: refund.payer.name };
  await sendEmail(purchaseRefundEmail({ ...buyer, price: { amount: refund.amount.amount, currency } }, reason));
}
