import { escapeHtml, type Email } from '../lib/email';
import { formatWhen } from '../lib/when';
import { cancellableUntil, type BookingView } from '../schemas/booking';
import type { AttendeeBooking } from './bookings';
import type { LateRefundReason } from './payment-records';
import { calendarInvite } from './booking-calendar';
import { formatMoney } from '../schemas/currency';
import type { Money } from '../schemas/money';

/**
 * An e-mail to an attendee about their booking: a greeting, one line about the session, when
 * and where (with the joining link of an online session, for those who have a place), what they
 * paid, the link to the booking, and a closing line.
 */
function attendeeMessage(
  booking: BookingView & { joinLink?: string | null },
  siteUrl: string,
  words: { subject: string; lead: string; closing: string; action?: { label: string; url: string } },
) {
  const when = formatWhen(booking.session.startTime);
  const join = booking.joinLink ? `Join online: ${booking.joinLink}` : undefined;
  const paid = booking.paymentStatus === 'paid' ? `Paid: ${formatMoney(booking.price)}` : undefined;
  const link = `${siteUrl}/booking-confirmation?bookingId=${encodeURIComponent(booking.id)}`;
  const title = booking.session.title;
  return {
    subject: words.subject,
    text: [
      `Hello ${booking.attendeeName},`,
      '',
      `${words.lead} ${title}.`,
      `When: ${when}`,
      `Where: ${booking.session.location}`,
      ...(join ? [join] : []),
      ...(paid ? [paid] : []),
      ...(words.action ? ['', `${words.action.label}: ${words.action.url}`] : []),
      '',
      `Your booking: ${link}`,
      '',
      words.closing,
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(booking.attendeeName)},</p>
<p>${escapeHtml(words.lead)} <strong>${escapeHtml(title)}</strong>.</p>
<p>When: ${escapeHtml(when)}<br>Where: ${escapeHtml(booking.session.location)}${
      booking.joinLink ? `<br>Join online: <a href="${escapeHtml(booking.joinLink)}">${escapeHtml(booking.joinLink)}</a>` : ''
    }${paid ? `<br>${escapeHtml(paid)}` : ''}</p>${
      words.action ? `\n<p><a href="${escapeHtml(words.action.url)}">${escapeHtml(words.action.label)}</a></p>` : ''
    }
<p><a href="${escapeHtml(link)}">View your booking</a></p>
<p>${escapeHtml(words.closing)}</p>`,
  };
}

export function bookingConfirmationEmail(booking: AttendeeBooking, to: string, siteUrl: string): Email {
  const until = cancellableUntil(booking.session.startTime);
  return {
    to,
    ...attendeeMessage(booking, siteUrl, {
      subject: `Booking confirmed: ${booking.session.title}`,
      lead: 'Your place is booked for',
      ...(booking.manageToken && { action: { label: 'Manage booking', url: `${siteUrl}/manage/${booking.manageToken}` } }),
      closing: `Free cancellation until ${formatWhen(until)}. The calendar invite is attached. See you there.`,
    }),
    attachments: [{ fileName: 'session.ics', contentType: 'text/calendar', content: calendarInvite(booking, siteUrl) }],
  };
}

export function sessionReminderEmail(booking: AttendeeBooking, to: string, siteUrl: string): Email {
  return {
    to,
    ...attendeeMessage(booking, siteUrl, {
      subject: `Reminder: ${booking.session.title} is coming up`,
      lead: 'A gentle reminder of your place at',
      closing: 'See you there.',
    }),
  };
}

/** A checkout ran out before it was paid: the held seat is free again. */
export function checkoutExpiredEmail(booking: BookingView, to: string, siteUrl: string): Email {
  return {
    to,
    ...attendeeMessage(booking, siteUrl, {
      subject: `Your checkout expired: ${booking.session.title}`,
      lead: 'The payment was not completed in time, so the seat we held for you has been released at',
      closing: "You're welcome to book again while seats remain.",
    }),
  };
}

/**
 * The way back to a booking awaiting payment, for its address's owner on another device: the
 * checkout itself (its page shows the address, so it goes only to the address's mailbox).
 */
export function checkoutLinkEmail(booking: BookingView & { checkoutUrl: string }, to: string, siteUrl: string): Email {
  const held = booking.holdExpiresAt ? ` until ${formatWhen(booking.holdExpiresAt)}` : '';
  return {
    to,
    ...attendeeMessage(booking, siteUrl, {
      subject: `Complete your booking: ${booking.session.title}`,
      lead: `Your seat is held${held}, waiting for your payment, at`,
      action: { label: 'Complete payment', url: booking.checkoutUrl },
      closing: 'If you did not ask for this, you can ignore it: the seat is released when the hold ends.',
    }),
  };
}

/** What was taken while a late payment was on its way. */
const takenSince: Record<LateRefundReason, string> = {
  late_payment: 'the seat we held for you had been taken',
  code_used_up: 'the last use of your discount code had been taken by another booking',
};

/** A payment that came after its seat, or its discount code's last use, was gone, given back. */
export function refundEmail(booking: BookingView, amount: Money, to: string, siteUrl: string, reason: LateRefundReason): Email {
  return {
    to,
    ...attendeeMessage(booking, siteUrl, {
      subject: `Refunded: ${booking.session.title}`,
      lead: `Your payment of ${formatMoney(amount)} arrived after ${takenSince[reason]}, so we have refunded it in full. It was for`,
      closing:
        'The refund reaches your account within 5 to 10 working days. We are sorry, and hope to see you at another session.',
    }),
  };
}

export function bookingCancelledEmail(booking: BookingView, refund: Money | null, to: string, siteUrl: string): Email {
  return {
    to,
    ...attendeeMessage(booking, siteUrl, {
      subject: `Booking cancelled: ${booking.session.title}`,
      lead: 'Your booking is cancelled for',
      closing: refund
        ? `We are refunding your payment of ${formatMoney(refund)} in full: it reaches your account within 5 to 10 working days. We hope to see you at another session.`
        : 'Your seat is free for someone else. We hope to see you at another session.',
    }),
    attachments: [
      {
        fileName: 'session.ics',
        contentType: 'text/calendar',
        content: calendarInvite(booking, siteUrl, new Date(), { cancelled: true }),
      },
    ],
  };
}

export function adminBookingAlertEmail(booking: BookingView, attendeeEmail: string, to: string): Email {
  const when = formatWhen(booking.session.startTime);
  const payment = booking.price.amount > 0 ? `${booking.paymentStatus}, ${formatMoney(booking.price)}` : booking.paymentStatus;
  return {
    to,
    subject: `New booking: ${booking.session.title}`,
    text: `${booking.attendeeName} <${attendeeEmail}> booked ${booking.session.title} on ${when} (${payment}).`,
    html: `<p>${escapeHtml(booking.attendeeName)} &lt;${escapeHtml(attendeeEmail)}&gt; booked <strong>${escapeHtml(
      booking.session.title,
    )}</strong> on ${escapeHtml(when)} (${escapeHtml(payment)}).</p>`,
  };
}

/** A free booking waits for its guest to show the address is theirs: the link that confirms it, and until when. */
export function confirmEmailEmail(booking: AttendeeBooking, to: string, siteUrl: string): Email {
  return {
    to,
    ...attendeeMessage(booking, siteUrl, {
      subject: `Confirm your place: ${booking.session.title}`,
      lead: `Your seat is held until ${formatWhen(booking.holdExpiresAt!)}, waiting for you to confirm this address, at`,
      action: { label: 'Confirm my place', url: `${siteUrl}/manage/${booking.manageToken!}` },
      closing: 'If you did not book this, you can ignore this e-mail: the seat is released when the hold ends.',
    }),
  };
}
