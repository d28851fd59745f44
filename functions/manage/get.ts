import { openRoute } from '../lib/route-handler';
import { notFound } from '../lib/errors';
import { TokenParams } from '../schemas/link-token';
import { cancellationTerms, type ManagedBooking } from '../schemas/booking';
import { bookingOfLink } from '../domain/records/bookings';
import { shownRefund } from '../domain/records/booking-lifecycle';
import { bookingConfirmation, getAttendeeBooking, joinLinkOnPage } from '../domain/records/booking-views';

/**
 * A guest's 'Manage booking' page: the booking, who it is for, its joining link while it holds a
 * place (from the starting-soon time, until the session ends), its cancellation terms, and the refund of a paid one cancelled. A token that is not a booking's answers 404, saying nothing
 * of whether the booking exists.
 */
export const handler = openRoute({ params: TokenParams }, async ({ params }) => {
  const booking = await bookingOfLink(params.token);
  const view = booking && (await getAttendeeBooking(booking.id));
  if (!booking || !view) throw notFound('This link is not valid.');
  const answer: ManagedBooking = {
    booking: bookingConfirmation(view),
    attendeeName: booking.attendeeName,
    attendeeEmail: booking.attendeeEmail,
    ...joinLinkOnPage(
      {
        confirmed: view.status === 'completed',
        joinLink: view.joinLink,
        shownFrom: view.joinLinkShownFrom,
        endTime: view.session.endTime,
      },
      new Date(),
    ),
    // From the session's time as the booking keeps it, which the cancellation itself checks.
    cancellation: cancellationTerms({ status: view.status, session: booking.session }, new Date()),
    confirmBy: booking.state === 'unconfirmed' ? (booking.holdExpiresAt ?? null) : null,
    refund: shownRefund(booking),
  };
  return { body: answer };
});
