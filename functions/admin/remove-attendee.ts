import { httpRoute, signedIn } from '../lib/http';
import { notFound } from '../lib/errors';
import { SessionBookingParams } from '../lib/params';
import type { CancellationReceipt } from '../schemas/booking';
import { getBooking } from '../domain/records/bookings';
import { receiptOf } from '../domain/records/booking-views';
import { removeAttendee } from '../domain/flows/cancel-booking';

/** The administrator removes an attendee: their seat goes back (to the waitlist first), a paid booking is refunded. */
export const handler = httpRoute({ params: SessionBookingParams }, async (input) => {
  const booking = await getBooking(input.params.bookingId);
  if (booking?.sessionId !== input.params.id) throw notFound('Booking not found');
  const outcome = await removeAttendee(booking, signedIn(input), new Date());
  const answer: CancellationReceipt = {
    outcome,
    booking: receiptOf((await getBooking(booking.id, { consistent: true }))!).booking,
  };
  return { body: answer };
});
