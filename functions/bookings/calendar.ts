import { openRoute } from '../lib/route-handler';
import { conflict, notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { environment } from '../lib/environment';
import { getBookingView } from '../domain/records/booking-views';
import { calendarInvite, calendarRefusal } from '../domain/emails/booking-calendar';

/** The booked session as an .ics file: the confirmation page's Apple Calendar link, once the seat is the attendee's. */
export const handler = openRoute({ params: IdParams }, async ({ params }) => {
  const booking = await getBookingView(params.id);
  if (!booking) throw notFound('Booking not found');
  const refusal = calendarRefusal(booking);
  if (refusal) throw conflict(refusal);
  return {
    text: calendarInvite(booking, environment('SITE_URL')),
    headers: { 'content-type': 'text/calendar; charset=utf-8', 'content-disposition': 'attachment; filename="session.ics"' },
  };
});
