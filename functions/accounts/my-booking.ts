import { httpRoute, signedIn } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getMemberBooking, sessionSnapshot } from '../domain/records/bookings';
import { memberBookingSummary, sessionJoinLinkOnPage } from '../domain/records/booking-views';
import type { MemberBookingView } from '../schemas/member';
import { impersonatedCaller } from '../domain/records/impersonations';

// Answers MemberBookingView: { booking: { id, status, paymentStatus, attendeeName, attendeeEmail, createdAt, session: { ...summary, description, hasRecording } } }.
/** One of the caller's own bookings with its session; another member's booking is as missing as one that never was. */
export const handler = httpRoute(
  { params: IdParams },
  async (input) => {
    const { userId } = signedIn(input);
    const found = await getMemberBooking(userId, input.params.id);
    if (!found) throw notFound('Booking not found');
    const { booking, session } = found;
    const summary = memberBookingSummary(booking);
    const body: MemberBookingView = {
      booking: {
        ...summary,
        attendeeName: booking.attendeeName,
        attendeeEmail: booking.attendeeEmail,
        createdAt: booking.createdAt,
        ...(session ? sessionJoinLinkOnPage(booking, session, new Date()) : { joinLink: null, joinLinkFrom: null }),
        session: {
          ...summary.session,
          // The session as it is now where it still exists; the booking's snapshot otherwise.
          ...(session && sessionSnapshot(session)),
          description: session?.description ?? '',
          hasRecording: Boolean(session?.recordingUrl),
        },
      },
    };
    return { body };
  },
  { viewAsMember: impersonatedCaller },
);
