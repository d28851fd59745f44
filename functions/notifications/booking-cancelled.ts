import { eventConsumer } from '../events/consumer';
import { getBookingView } from '../domain/booking-views';
import { bookingCancelledEmail } from '../domain/booking-emails';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

/** Tells the attendee their booking is cancelled, what comes back to them, and takes it off their calendar. */
export const handler = eventConsumer('notifications/booking-cancelled', async ({ detail }) => {
  const booking = await getBookingView(detail.bookingId);
  if (!booking) {
    logger.warn('Booking no longer exists; no cancellation notice sent', { bookingId: detail.bookingId });
    return;
  }
  await sendEmail(bookingCancelledEmail(booking, detail.refund, detail.attendeeEmail));
});
