import { eventConsumer } from '../lib/event-consumer';
import { getBookingView } from '../domain/records/booking-views';
import { getSession } from '../domain/records/sessions';
import { checkoutExpiredEmail, unpaidSessionCancelledEmail } from '../domain/emails/booking-emails';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

/**
 * Tells a visitor whose checkout ran out that their seat is free again, and one whose unpaid
 * booking ended with the session the teacher cancelled; other releases they chose themselves.
 */
export const handler = eventConsumer('notifications/checkout-expired', async ({ detail }) => {
  if (detail.reason !== 'expired' && detail.reason !== 'session_cancelled') return;
  const booking = await getBookingView(detail.bookingId);
  if (!booking) {
    logger.warn('Booking no longer exists; no release notice sent', { bookingId: detail.bookingId });
    return;
  }
  if (detail.reason === 'expired') return sendEmail(checkoutExpiredEmail(booking, detail.attendeeEmail));
  const cancelled = (await getSession(detail.sessionId))?.cancelled ?? {};
  await sendEmail(unpaidSessionCancelledEmail(booking, detail.attendeeEmail, cancelled));
});
