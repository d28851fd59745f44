import { calendarFile, type CalendarMethod } from '../../lib/icalendar';
import type { BookingView } from '../../schemas/booking';
import type { BookingDetails } from '../records/booking-views';

/**
 * Why a booking has no calendar entry, or nothing when it has one. Only a booking that holds its
 * seat gets one, and it says CONFIRMED: a file once imported is never taken back, so a pending
 * booking's (its hold may lapse unpaid) would stay in the calendar as a session the person is not
 * booked on, TENTATIVE or not.
 */
export function calendarRefusal(booking: Pick<BookingView, 'status'>): string | undefined {
  // 'completed' is how the views show a confirmed booking: the one seat rule (booking-lifecycle.ts).
  if (booking.status === 'completed') return undefined;
  return booking.status === 'pending'
    ? 'This booking is awaiting payment: its calendar entry comes once it is paid.'
    : 'This booking was cancelled, so it has no calendar entry.';
}

/**
 * The session as a calendar file, so the attendee can add it in one tap. Its location is the full
 * place, or for an online session its joining link where the reader holds a place (the file in the
 * attendee's own e-mail); the file anyone holding the booking's id can fetch says 'Online'.
 *
 * Every file of a booking has the booking's uid, and its sequence follows the session's revision
 * (raised by each change of time, place or joining link), so a calendar applies the latest over
 * what it has; a cancellation comes after all of them.
 */
export function calendarInvite(
  booking: BookingDetails & { joinLink?: string | null },
  siteUrl: string,
  now = new Date(),
  method: CalendarMethod = { name: 'PUBLISH' },
): string {
  return calendarFile({
    uid: `${booking.id}@breathwork`,
    title: booking.session.title,
    start: new Date(booking.session.startTime),
    end: new Date(booking.session.endTime),
    location: booking.joinLink ?? booking.session.place,
    url: `${siteUrl}/sessions/${booking.session.id}`,
    stamp: now,
    sequence: booking.sessionRevision + (method.name === 'CANCEL' ? 1 : 0),
    method,
  });
}
