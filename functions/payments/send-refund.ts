import { eventConsumer } from '../events/consumer';
import { getBooking } from '../domain/bookings';
import { getBookingView } from '../domain/booking-views';
import { refundEmail } from '../domain/booking-emails';
import { sendRefund } from '../domain/payments';
import { isLateRefund } from '../domain/payment-records';
import { sendEmail } from '../lib/email';

/**
 * Gives back money owed (its Refund item says what and why), then tells the buyer of a late
 * payment. A retry after the refund went through sends nothing twice to Stripe.
 */
export const handler = eventConsumer('payments/send-refund', async ({ detail }) => {
  const refund = await sendRefund(detail.paymentIntentId, new Date());
  if (refund.state !== 'sent' || !isLateRefund(refund.reason) || refund.subject?.kind !== 'booking') return;
  const [booking, view] = await Promise.all([getBooking(refund.subject.id), getBookingView(refund.subject.id)]);
  if (!booking || !view) throw new Error(`The refunded booking ${refund.subject.id} is missing`);
  await sendEmail(refundEmail(view, booking.price, booking.attendeeEmail, refund.reason));
});
