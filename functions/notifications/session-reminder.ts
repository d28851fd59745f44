import { eventConsumer } from '../lib/event-consumer';
import { getAttendeeBooking } from '../domain/records/booking-views';
import { sessionReminderEmail, startingSoonEmail } from '../domain/emails/booking-emails';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

/** Reminds an attendee the day before their session, and sends an online session's joining link as it starts soon. */
export const handler = eventConsumer('notifications/session-reminder', async ({ type, detail }) => {
  const booking = await getAttendeeBooking(detail.bookingId);
  if (!booking || booking.status !== 'completed') {
    logger.warn('Booking gone or no longer confirmed; no reminder sent', { bookingId: detail.bookingId });
    return;
  }
  await sendEmail(
    type === 'StartingSoonDue'
      ? startingSoonEmail(booking, detail.attendeeEmail)
      : sessionReminderEmail(booking, detail.attendeeEmail),
  );
});
