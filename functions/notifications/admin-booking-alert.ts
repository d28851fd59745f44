import { eventConsumer } from '../../events/consumer';
import { getBookingView } from '../domain/bookings';
import { adminBookingAlertEmail } from '../domain/booking-emails';
import { sendEmail } from '../lib/email';
import { once } from '../lib/once';
import { logger } from '../lib/logger';

export const handler = eventConsumer('BookingConfirmed', async (detail) => {
  const adminEmail = process.env.ADMIN_EMAIL;
  const booking = await getBookingView(detail.bookingId);
  if (!adminEmail || !booking) {
    logger.warn('No admin alert sent', { bookingId: detail.bookingId, hasAdminEmail: Boolean(adminEmail) });
    return;
  }
  await once(`admin-booking-alert#${booking.id}`, () =>
    sendEmail(adminBookingAlertEmail(booking, detail.attendeeEmail, adminEmail)),
  );
});
