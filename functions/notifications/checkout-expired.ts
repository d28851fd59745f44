import { eventConsumer } from '../lib/event-consumer';
import { getBookingView } from '../domain/records/booking-views';
import { checkoutExpiredEmail } from '../domain/emails/booking-emails';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

/** Tells a visitor whose checkout ran out that their seat is free again; other releases they chose themselves. */
export const handler = eventConsumer('notifications/checkout-expired', async ({ detail }) => {
  if (detail.reason !== 'expired') return;
  const booking = await getBookingView(detail.bookingId);
  if (!booking) {
    logger.warn('Booking no longer exists; no expiry notice sent', { bookingId: detail.bookingId });
    return;
  }
  await sendEmail(checkoutExpiredEmail(booking, detail.attendeeEmail));
});
