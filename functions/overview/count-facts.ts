import { eventConsumer } from '../lib/event-consumer';
import { getBooking } from '../domain/records/bookings';
import { countFact } from '../domain/records/overview';
import { getPurchase } from '../domain/records/purchases';
import { logger } from '../lib/logger';

/**
 * Keeps the owner's weekly figures: a booking counts in the week it was made, with what was paid
 * for it; a cancellation in the week it ended, less what was refunded; a package sale in the week
 * it was paid, and what its refund gave back off the revenue of the week it was refunded.
 */
export const handler = eventConsumer('overview/count-facts', async (event) => {
  const now = new Date();
  if (event.type === 'PurchaseRefunded') {
    // The event carries all it counts: the purchase may be deleted by now.
    const { purchaseId, refund, refundedAt } = event.detail;
    return countFact(
      { id: `${event.type}#${purchaseId}`, at: refundedAt, revenue: refund ? { ...refund, amount: -refund.amount } : undefined },
      now,
    );
  }
  if (event.type === 'PurchasePaid') {
    const purchase = await getPurchase(event.detail.purchaseId, { consistent: true });
    if (!purchase) return logger.warn('Purchase no longer exists; not counted', { purchaseId: event.detail.purchaseId });
    const at = purchase.paidAt ?? purchase.createdAt;
    return countFact({ id: `${event.type}#${purchase.id}`, at, counter: 'packageSales', revenue: purchase.price }, now);
  }
  const booking = await getBooking(event.detail.bookingId, { consistent: true });
  if (!booking) return logger.warn('Booking no longer exists; not counted', { bookingId: event.detail.bookingId });
  if (event.type === 'BookingConfirmed') {
    return countFact(
      { id: `${event.type}#${booking.id}`, at: booking.createdAt, counter: 'bookings', revenue: booking.price },
      now,
    );
  }
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
});
