import { openRoute } from '../lib/route-handler';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { CancellationRequest } from '../schemas/booking';
import { bookingOfLink, getBooking } from '../domain/records/bookings';
import { receiptOf } from '../domain/records/booking-views';
import { confirmEmail } from '../domain/flows/confirm-email';

/** A guest confirms their free booking with the token of the link e-mailed to them. */
export const handler = openRoute({ params: IdParams, body: CancellationRequest }, async ({ params, body }) => {
  const booking = body.token?.id === params.id ? await bookingOfLink(body.token) : undefined;
  if (!booking) throw notFound('Booking not found');
  const outcome = await confirmEmail(booking, new Date());
  return { body: { outcome, booking: receiptOf((await getBooking(booking.id, { consistent: true }))!).booking } };
});
