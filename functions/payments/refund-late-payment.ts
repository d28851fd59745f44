import { eventConsumer } from '../../events/consumer';
import { getBookingView } from '../domain/bookings';
import { refundEmail } from '../domain/booking-emails';
import { refundPayment } from '../domain/payments';
import { sendEmail } from '../lib/email';
import { environment } from '../lib/environment';

/**
 * Gives back a payment that came after its seat was gone, then tells the buyer. A retry after
 * the refund went through refunds nothing twice: Stripe's idempotency key is the booking.
 */
export const handler = eventConsumer('payments/refund-late-payment', async ({ detail }) => {
  await refundPayment(detail);
  const booking = await getBookingView(detail.bookingId);
  if (!booking) throw new Error(`The refunded booking ${detail.bookingId} is missing`);
  await sendEmail(refundEmail(booking, detail.amount, detail.attendeeEmail, environment('SITE_URL')));
});
