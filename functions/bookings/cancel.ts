import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { CancellationRequest, type CancellationReceipt } from '../schemas/booking';
import { attendeesBooking, getBooking } from '../domain/records/bookings';
import { receiptOf } from '../domain/records/booking-views';
import { cancelBooking } from '../domain/flows/cancel-booking';

/**
 * A member cancels their own booking, or a guest theirs with the token of its 'Manage booking'
 * link; anyone else's is not found, as if it did not exist.
 */
export const handler = httpRoute({ params: IdParams, body: CancellationRequest }, async ({ params, body, caller }) => {
  const own = await attendeesBooking(params.id, caller, body.token);
  if (!own) throw notFound('Booking not found');
  const outcome = await cancelBooking(own.booking, own.by, new Date());
  const cancelled = await getBooking(own.booking.id, { consistent: true });
  const answer: CancellationReceipt = { outcome, booking: receiptOf(cancelled!).booking };
  return { body: answer };
});
