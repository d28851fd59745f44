import { createEvent } from 'ics';
import { escapeHtml, type Email } from '../lib/email';
import type { BookingView } from '../schemas/booking';

// E-mails cannot know the reader's zone, so they name the teacher's.
const timeZone = () => process.env.SITE_TIME_ZONE ?? 'Europe/London';

function formatWhen(startTime: string): string {
  return (
    new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: timeZone(),
      hour12: true,
    }).format(new Date(startTime)) + ` (${timeZone()})`
  );
}

/** The session as a calendar file, so the attendee can add it in one tap. */
export function calendarInvite(booking: BookingView, siteUrl: string): string {
  const start = new Date(booking.session.startTime);
  const minutes = Math.round((Date.parse(booking.session.endTime) - start.getTime()) / 60_000);
  const { error, value } = createEvent({
    uid: `${booking.id}@breathwork`,
    title: booking.session.title,
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes },
    location: booking.session.location,
    url: `${siteUrl}/sessions/${booking.session.id}`,
    status: 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('Could not create the calendar invite');
  return value;
}

export function bookingConfirmationEmail(booking: BookingView, to: string, siteUrl: string): Email {
  const when = formatWhen(booking.session.startTime);
  const link = `${siteUrl}/booking-confirmation?bookingId=${encodeURIComponent(booking.id)}`;
  return {
    to,
    subject: `Booking confirmed: ${booking.session.title}`,
    text: [
      `Hello ${booking.attendeeName},`,
      '',
      `Your place is booked for ${booking.session.title}.`,
      `When: ${when}`,
      `Where: ${booking.session.location}`,
      '',
      `Your booking: ${link}`,
      '',
      'The calendar invite is attached. See you there.',
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(booking.attendeeName)},</p>
<p>Your place is booked for <strong>${escapeHtml(booking.session.title)}</strong>.</p>
<p>When: ${escapeHtml(when)}<br>Where: ${escapeHtml(booking.session.location)}</p>
<p><a href="${escapeHtml(link)}">View your booking</a></p>
<p>The calendar invite is attached. See you there.</p>`,
    attachments: [{ fileName: 'session.ics', contentType: 'text/calendar', content: calendarInvite(booking, siteUrl) }],
  };
}

export function adminBookingAlertEmail(booking: BookingView, attendeeEmail: string, to: string): Email {
  const when = formatWhen(booking.session.startTime);
  return {
    to,
    subject: `New booking: ${booking.session.title}`,
    text: `${booking.attendeeName} <${attendeeEmail}> booked ${booking.session.title} on ${when} (${booking.paymentStatus}).`,
    html: `<p>${escapeHtml(booking.attendeeName)} &lt;${escapeHtml(attendeeEmail)}&gt; booked <strong>${escapeHtml(
      booking.session.title,
    )}</strong> on ${escapeHtml(when)} (${escapeHtml(booking.paymentStatus)}).</p>`,
  };
}
