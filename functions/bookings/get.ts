import { openRoute } from '../lib/route-handler';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { bookingConfirmation, getBookingView } from '../domain/records/booking-views';

// Booking ids are ULIDs (80 random bits): the id itself is the capability to read this summary,
// so it answers only what the confirmation page shows (BookingConfirmation).
export const handler = openRoute({ params: IdParams }, async ({ params }) => {
  const booking = await getBookingView(params.id);
  if (!booking) throw notFound('Booking not found');
  return { body: { booking: bookingConfirmation(booking) } };
});
