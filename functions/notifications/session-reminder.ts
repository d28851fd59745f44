import { eventConsumer } from '../lib/event-consumer';
import { getAttendeeBooking } from '../domain/records/booking-views';
import { sessionReminderEmail } from '../domain/emails/booking-emails';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

export const handler = eventConsumer('notifications/session-reminder', async ({ detail }) => {
  const booking = await getAttendeeBooking(detail.bookingId);
  if (!booking || booking.status !== 'completed') {
    logger.warn('Booking gone or no longer confirmed; no reminder sent', { bookingId: detail.bookingId });
    return;
  }
  await sendEmail(sessionReminderEmail(booking, detail.attendeeEmail));
});
