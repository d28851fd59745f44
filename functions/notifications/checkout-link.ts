import { eventConsumer } from '../lib/event-consumer';
import { getBookingView } from '../domain/records/booking-views';
import { checkoutLinkEmail } from '../domain/emails/booking-emails';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

/** Sends the owner of a booking awaiting payment its checkout link, while it still awaits payment. */
export const handler = eventConsumer('notifications/checkout-link', async ({ detail }) => {
  const booking = await getBookingView(detail.bookingId);
  if (booking?.status !== 'pending' || !booking.checkoutUrl) {
    logger.info('No checkout of this booking awaits payment; no link sent', { bookingId: detail.bookingId });
    return;
  }
  await sendEmail(checkoutLinkEmail({ ...booking, checkoutUrl: booking.checkoutUrl }, detail.attendeeEmail));
});
