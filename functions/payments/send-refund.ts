import { eventConsumer } from '../events/consumer';
import { getBooking } from '../domain/bookings';
import { getBookingView } from '../domain/booking-views';
import { refundEmail } from '../domain/booking-emails';
import { sendRefund } from '../domain/payments';
import { isLateRefund } from '../domain/payment-records';
import { purchaseRefundEmail, type PurchaseRefundReason } from '../domain/purchase-emails';
import { getPurchase } from '../domain/purchases';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

/**
 * Gives back money owed (its Refund item says what and why), then tells the buyer: of a booking's
 * late payment (a cancelled booking's e-mail says so itself), and of any purchase's refund. A retry
 * after the refund went through sends nothing twice to Stripe.
 */
export const handler = eventConsumer('payments/send-refund', async ({ detail }) => {
  const refund = await sendRefund(detail.paymentIntentId, new Date());
  if (refund.state !== 'sent' || refund.reason === 'unexpected_payment') return;
  if (refund.subject?.kind === 'purchase') return tellPurchaseBuyer(refund.subject.id, refund.reason);
  if (!isLateRefund(refund.reason) || refund.subject?.kind !== 'booking') return;
  const [booking, view] = await Promise.all([getBooking(refund.subject.id), getBookingView(refund.subject.id)]);
  if (!booking || !view) throw new Error(`The refunded booking ${refund.subject.id} is missing`);
  await sendEmail(refundEmail(view, booking.price, booking.attendeeEmail, refund.reason));
});

async function tellPurchaseBuyer(purchaseId: string, reason: PurchaseRefundReason) {
  const purchase = await getPurchase(purchaseId);
  // Deleted by the administrator: its address went with it, and Stripe's own receipt remains.
  if (!purchase) return logger.warn('The refunded purchase no longer exists; its buyer is not e-mailed', { purchaseId });
  await sendEmail(purchaseRefundEmail(purchase, reason));
}
