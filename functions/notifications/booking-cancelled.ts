import { eventConsumer } from '../lib/event-consumer';
import { getEndedBooking } from '../domain/records/booking-views';
import { bookingCancelledEmail } from '../domain/emails/booking-emails';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

/** Tells the attendee their booking is cancelled (by them, or by the teacher), what comes back to them, and takes it off their calendar. */
export const handler = eventConsumer('notifications/booking-cancelled', async ({ detail }) => {
  const booking = await getEndedBooking(detail.bookingId);
  if (!booking) {
    logger.warn('Booking no longer exists; no cancellation notice sent', { bookingId: detail.bookingId });
    return;
  }
  await sendEmail(bookingCancelledEmail(booking, detail.refund, detail.attendeeEmail));
});
