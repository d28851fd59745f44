import { openRoute } from '../lib/route-handler';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { ShareRequest } from '../schemas/share';
import { getBooking } from '../domain/records/bookings';
import { shareSession } from '../domain/flows/share';

/** Share Booking on the confirmation page, by e-mail: the booking's session, and nothing about the booking. */
export const handler = openRoute({ params: IdParams, body: ShareRequest }, async ({ params, body, clientAddress }) => {
  const booking = await getBooking(params.id);
  if (!booking) throw notFound('Booking not found');
  await shareSession(booking.sessionId, body.email, { now: new Date(), clientAddress });
  return { status: 202, body: { shared: true } };
});
