import { eventConsumer } from '../lib/event-consumer';
import { getAttendeeBooking } from '../domain/records/booking-views';
import { bookingConfirmationEmail } from '../domain/emails/booking-emails';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

export const handler = eventConsumer('notifications/booking-confirmation', async ({ detail }) => {
  const booking = await getAttendeeBooking(detail.bookingId);
  if (!booking) {
    logger.warn('Booking no longer exists; no confirmation sent', { bookingId: detail.bookingId });
    return;
  }
  await sendEmail(bookingConfirmationEmail(booking, detail.attendeeEmail));
});
