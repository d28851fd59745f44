import { eventConsumer } from '../lib/event-consumer';
import { getBookingView } from '../domain/records/booking-views';
import { adminBookingAlertEmail } from '../domain/emails/booking-emails';
import { sendEmail } from '../lib/email';
import { environment } from '../lib/environment';
import { logger } from '../lib/logger';

export const handler = eventConsumer('notifications/admin-booking-alert', async ({ detail }) => {
  const booking = await getBookingView(detail.bookingId);
  if (!booking) {
    logger.warn('Booking no longer exists; no admin alert sent', { bookingId: detail.bookingId });
    return;
  }
  await sendEmail(adminBookingAlertEmail(booking, detail.attendeeEmail, environment('ADMIN_EMAIL')));
});
