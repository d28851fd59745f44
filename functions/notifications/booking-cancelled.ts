import { eventConsumer } from '../lib/event-consumer';
import { getEndedBooking } from '../domain/records/booking-views';
import { getSession } from '../domain/records/sessions';
import { bookingCancelledEmail } from '../domain/emails/booking-emails';
import { sendEmail } from '../lib/email';
import { mailSite } from '../lib/email-layout';
import { logger } from '../lib/logger';

/**
 * Tells the attendee their booking is cancelled (by them, by the teacher, or with the session she
 * cancelled, with her message), what comes back to them, and takes it off their calendar.
 */
export const handler = eventConsumer('notifications/booking-cancelled', async ({ detail }) => {
  const booking = await getEndedBooking(detail.bookingId);
  if (!booking) {
    logger.warn('Booking no longer exists; no cancellation notice sent', { bookingId: detail.bookingId });
    return;
  }
  const sessionCancelled =
    booking.endReason === 'session_cancelled' ? ((await getSession(booking.session.id))?.cancelled ?? {}) : undefined;
  await sendEmail(bookingCancelledEmail(booking, detail.refund, detail.attendeeEmail, mailSite(), new Date(), sessionCancelled));
});
