import { eventConsumer } from '../lib/event-consumer';
import { getAttendeeBooking } from '../domain/records/booking-views';
import { confirmEmailEmail } from '../domain/emails/booking-emails';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

/** Sends a guest the link that confirms their free booking. */
export const handler = eventConsumer('notifications/confirm-email', async ({ detail }) => {
  const booking = await getAttendeeBooking(detail.bookingId);
  if (!booking?.manageToken) {
    logger.warn('Booking no longer exists; no confirmation link sent', { bookingId: detail.bookingId });
    return;
  }
  await sendEmail(confirmEmailEmail(booking, detail.attendeeEmail));
});
