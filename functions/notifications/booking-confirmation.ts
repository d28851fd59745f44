import { eventConsumer } from '../../events/consumer';
import { getBookingView } from '../domain/bookings';
import { bookingConfirmationEmail } from '../domain/booking-emails';
import { sendEmail } from '../lib/email';
import { once } from '../lib/once';
import { siteUrl } from '../lib/config';
import { logger } from '../lib/logger';

export const handler = eventConsumer('BookingConfirmed', async (detail) => {
  const booking = await getBookingView(detail.bookingId);
  if (!booking) {
    logger.warn('Booking no longer exists; no confirmation sent', { bookingId: detail.bookingId });
    return;
  }
  await once(`booking-confirmation#${booking.id}`, () =>
    sendEmail(bookingConfirmationEmail(booking, detail.attendeeEmail, siteUrl())),
  );
});
