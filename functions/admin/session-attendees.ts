import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { PageQuery } from '../lib/paging';
import { getSession } from '../domain/records/sessions';
import { listSessionBookings } from '../domain/records/bookings';
import { shownStatus } from '../domain/records/booking-lifecycle';
import type { AdminAttendeePage } from '../schemas/admin-session';

/** A session's bookings, oldest first, a page at a time: the admin's attendee list. */
export const handler = httpRoute({ params: IdParams, query: PageQuery }, async ({ params, query }) => {
  const session = await getSession(params.id);
  if (!session) throw notFound('Session not found');
  const page = await listSessionBookings(session.id, query);
  const answer: AdminAttendeePage = {
    attendees: page.items.map((booking) => ({
      bookingId: booking.id,
      name: booking.attendeeName,
      email: booking.attendeeEmail,
      phone: booking.phone ?? null,
      ...shownStatus(booking),
      attendance: booking.attendance ?? null,
      bookedAt: booking.createdAt,
    })),
    nextCursor: page.nextCursor,
  };
  return { body: answer };
});
