import { eventConsumer } from '../events/consumer';
import { getBooking } from '../domain/bookings';
import { countFact } from '../domain/overview';
import { logger } from '../lib/logger';

/**
 * Keeps the owner's weekly figures: a booking counts in the week it was made, with what was paid
 * for it; a cancellation in the week it ended, less what was refunded.
 */
export const handler = eventConsumer('overview/count-facts', async (event) => {
  const booking = await getBooking(event.detail.bookingId, { consistent: true });
  if (!booking) {
    logger.warn('Booking no longer exists; not counted', { bookingId: event.detail.bookingId });
    return;
  }
  const now = new Date();
  switch (event.type) {
    case 'BookingConfirmed':
      return countFact(
        { id: `${event.type}#${booking.id}`, at: booking.createdAt, counter: 'bookings', revenue: booking.price },
        now,
      );
    case 'BookingCancelled': {
      const refund = event.detail.refund;
      return countFact(
        {
          id: `${event.type}#${booking.id}`,
          at: booking.endedAt ?? now.toISOString(),
          counter: 'cancellations',
          revenue: refund ? { ...refund, amount: -refund.amount } : undefined,
        },
        now,
      );
    }
  }
});
