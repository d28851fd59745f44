import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { TokenParams } from '../schemas/link-token';
import { cancellableUntil, type ManagedBooking } from '../schemas/booking';
import { bookingConfirmation, bookingOfLink, getAttendeeBooking } from '../domain/bookings';
import { isCancellable } from '../domain/booking-lifecycle';

/** A guest's 'Manage booking' page: the booking, who it is for, its joining link while it holds a place, and until when it can be cancelled. */
export const handler = httpRoute({ params: TokenParams }, async ({ params }) => {
  const booking = await bookingOfLink(params.token);
  const view = booking && (await getAttendeeBooking(booking.id));
  if (!booking || !view) throw notFound('This link is not valid.');
  const until = cancellableUntil(booking.session.startTime);
  const answer: ManagedBooking = {
    booking: bookingConfirmation(view),
    attendeeName: booking.attendeeName,
    attendeeEmail: booking.attendeeEmail,
    joinLink: view.status === 'completed' ? view.joinLink : null,
    cancellation: isCancellable(booking, new Date()) ? { until } : { closed: until },
    confirmBy: booking.state === 'unconfirmed' ? (booking.holdExpiresAt ?? null) : null,
  };
  return { body: answer };
});
