import { calendarFile } from '../lib/icalendar';
import type { BookingView } from '../schemas/booking';

/** The session as a calendar file, so the attendee can add it in one tap. */
export function calendarInvite(
  booking: BookingView,
  siteUrl: string,
  now = new Date(),
  options: { cancelled?: boolean } = {},
): string {
  return calendarFile({
    uid: `${booking.id}@breathwork`,
    title: booking.session.title,
    start: new Date(booking.session.startTime),
    end: new Date(booking.session.endTime),
    location: booking.session.location,
    url: `${siteUrl}/sessions/${booking.session.id}`,
    stamp: now,
    cancelled: options.cancelled,
  });
}
