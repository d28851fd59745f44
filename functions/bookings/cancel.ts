import { httpRoute, signedIn } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import type { CancellationReceipt } from '../schemas/booking';
import { getBooking, receiptOf } from '../domain/bookings';
import { cancelBooking } from '../domain/cancel-booking';

/** A member cancels their own booking; another member's is not found, as if it did not exist. */
export const handler = httpRoute({ params: IdParams }, async (input) => {
  const { userId } = signedIn(input);
  const booking = await getBooking(input.params.id);
  if (booking?.userId !== userId) throw notFound('Booking not found');
  const outcome = await cancelBooking(booking, 'member', new Date());
  const cancelled = await getBooking(booking.id, { consistent: true });
  const answer: CancellationReceipt = { outcome, booking: receiptOf(cancelled!).booking };
  return { body: answer };
});
