import type { Email } from '../../lib/email';
import { emailTo, mailSite, type Fact, type MailSite, type Paragraph } from '../../lib/email-layout';
import type { CalendarPerson } from '../../lib/icalendar';
import { formatDay, formatTimes, formatWhen } from '../../lib/when';
import type { SessionChange } from '../../../events/catalogue';
import { cancellableUntil, type BookingView } from '../../schemas/booking';
import { formatMoney } from '../../schemas/currency';
import type { Money } from '../../schemas/money';
import type { AttendeeBooking, EndedBooking } from '../records/booking-views';
import { calendarInvite } from './booking-calendar';
import { sessionCancelledWords, sessionFacts, sessionUrl } from './session-facts';
import type { LateRefundReason } from '../records/payment-records';
import type { ChangeNotice, MessageNotice, NoticeRecord } from '../records/notices';

/** A booking's page, which anyone holding its id may open: its facts and its calendar links. */
const bookingUrl = (site: MailSite, bookingId: string) =>
  `${site.url}/booking-confirmation?bookingId=${encodeURIComponent(bookingId)}`;

/**
 * How to cancel, in the footer of a booked attendee's e-mail: until the cut-off, the booking's
 * 'Manage booking' page; after it, a word to the teacher (whose address the footer gives).
 */
function howToCancel(booking: AttendeeBooking, site: MailSite, now: Date): Paragraph[] {
  const until = cancellableUntil(booking.session.startTime);
  if (booking.manageToken && Date.parse(until) > now.getTime()) {
    return [
      [
        `Free cancellation until ${formatWhen(until)}. Can't make it? `,
        { link: `${site.url}/manage/${booking.manageToken}`, text: 'Manage booking' },
      ],
    ];
  }
  return site.contactUrl ? ["Can't come after all? Please tell us, so that your place can go to someone else."] : [];
}

const greeting = (booking: BookingView) => `Hello ${booking.attendeeName},`;

/**
 * An online session whose joining link the administrator has yet to add: the attendee is told it
 * will come (its notice e-mails it to everyone booked once it is added).
 */
const linkToCome = (booking: AttendeeBooking): Paragraph[] =>
  booking.session.locationType === 'online' && !booking.joinLink
    ? ['The joining link will be e-mailed to you before the session.']
    : [];
const paidFact = (booking: BookingView): Fact[] =>
  booking.paymentStatus === 'paid' ? [{ label: 'Paid', value: formatMoney(booking.price) }] : [];

export function bookingConfirmationEmail(
  booking: AttendeeBooking,
  to: string,
  site: MailSite = mailSite(),
  now = new Date(),
): Email {
  const { session } = booking;
  return emailTo(
    to,
    {
      subject: `Booking confirmed: ${session.title}`,
      preview: `Your place is booked for ${formatWhen(session.startTime)}.`,
      status: { text: 'Booking confirmed', tone: 'confirmed' },
      heading: session.title,
      paragraphs: [greeting(booking), 'Your place is booked, and the calendar invite is attached.', ...linkToCome(booking)],
      facts: [...sessionFacts(session, booking.joinLink), ...paidFact(booking)],
      action: { label: 'View your booking', url: bookingUrl(site, booking.id) },
      closing: ['See you there.'],
      footer: howToCancel(booking, site, now),
    },
    site,
    [{ fileName: 'session.ics', contentType: 'text/calendar', content: calendarInvite(booking, site.url) }],
  );
}

/** The day before: when and where, and for an online session the way in. */
export function sessionReminderEmail(booking: AttendeeBooking, to: string, site: MailSite = mailSite(), now = new Date()): Email {
  const { session } = booking;
  return emailTo(
    to,
    {
      subject: `Reminder: ${session.title} is coming up`,
      preview: `${formatWhen(session.startTime)}.`,
      status: { text: 'Coming up', tone: 'confirmed' },
      heading: session.title,
      paragraphs: [
        greeting(booking),
        ['A gentle reminder of your place at ', { bold: session.title }, '.'],
        ...linkToCome(booking),
      ],
      ...aboutToJoin(booking, site),
      footer: howToCancel(booking, site, now),
    },
    site,
  );
}

/**
 * An online session starts soon: its joining link, as the button, for an attendee to open when it
 * is time (or, should the teacher not have added it yet, that it will come).
 */
export function startingSoonEmail(booking: AttendeeBooking, to: string, site: MailSite = mailSite()): Email {
  const { session } = booking;
  return emailTo(
    to,
    {
      subject: `Starting soon: ${session.title}`,
      preview: `${formatWhen(session.startTime)}. Your joining link is inside.`,
      status: { text: 'Starting soon', tone: 'confirmed' },
      heading: session.title,
      paragraphs: [
        greeting(booking),
        [
          'Your session ',
          { bold: session.title },
          ' starts soon. Find a quiet, comfortable place to lie or sit, and join a few minutes early.',
        ],
        ...linkToCome(booking),
      ],
      ...aboutToJoin(booking, site),
    },
    site,
  );
}

/**
 * Before a session, for the attendee: its facts with its joining link, the link as the button (or
 * their booking until it is added), and a word to end on.
 */
const aboutToJoin = (booking: AttendeeBooking, site: MailSite) => ({
  facts: sessionFacts(booking.session, booking.joinLink),
  action: booking.joinLink
    ? { label: 'Join the session', url: booking.joinLink }
    : { label: 'View your booking', url: bookingUrl(site, booking.id) },
  closing: ['See you there.'],
});

/** A checkout ran out before it was paid: the held seat is free again. */
export function checkoutExpiredEmail(booking: BookingView, to: string, site: MailSite = mailSite()): Email {
  const { session } = booking;
  return emailTo(
    to,
    {
      subject: `Your checkout expired: ${session.title}`,
      preview: 'The seat we held for you has been released.',
      status: { text: 'Checkout expired', tone: 'released' },
      heading: session.title,
      paragraphs: [greeting(booking), 'The payment was not completed in time, so the seat we held for you has been released.'],
      facts: sessionFacts(session),
      action: { label: 'Book again', url: sessionUrl(site, session.id) },
      closing: ["You're welcome to book again while seats remain."],
    },
    site,
  );
}

/**
 * The way back to a booking awaiting payment, for its address's owner on another device: the
 * checkout itself (its page shows the address, so it goes only to the address's mailbox).
 */
export function checkoutLinkEmail(
  booking: BookingView & { checkoutUrl: string },
  to: string,
  site: MailSite = mailSite(),
): Email {
  const { session } = booking;
  const held = booking.holdExpiresAt ? ` until ${formatWhen(booking.holdExpiresAt)}` : '';
  return emailTo(
    to,
    {
      subject: `Complete your booking: ${session.title}`,
      preview: `Your seat is held${held}.`,
      status: { text: 'Payment pending', tone: 'pending' },
      heading: session.title,
      paragraphs: [greeting(booking), `Your seat is held${held}, waiting for your payment.`],
      facts: [...sessionFacts(session), { label: 'Price', value: formatMoney(booking.price) }],
      action: { label: 'Complete payment', url: booking.checkoutUrl },
      closing: [
        [{ link: bookingUrl(site, booking.id), text: 'See where your booking stands' }],
        'If you did not ask for this, you can ignore it: the seat is released when the hold ends.',
      ],
    },
    site,
  );
}

/** What was taken while a late payment was on its way. */
const takenSince: Record<LateRefundReason, string> = {
  late_payment: 'the seat we held for you had been taken',
  code_used_up: 'the last use of your discount code had been taken by another booking',
};

/** A payment that came after its seat, or its discount code's last use, was gone, given back. */
export function refundEmail(
  booking: BookingView,
  amount: Money,
  to: string,
  reason: LateRefundReason,
  site: MailSite = mailSite(),
): Email {
  const { session } = booking;
  return emailTo(
    to,
    {
      subject: `Refunded: ${session.title}`,
      preview: `Your payment of ${formatMoney(amount)} has been refunded in full.`,
      status: { text: 'Payment refunded', tone: 'released' },
      heading: session.title,
      paragraphs: [
        greeting(booking),
        `Your payment of ${formatMoney(amount)} arrived after ${takenSince[reason]}, so we have refunded it in full.`,
      ],
      facts: [...sessionFacts(session), { label: 'Refunded', value: formatMoney(amount) }],
      action: { label: 'Find another session', url: site.url },
      closing: [
        'The refund reaches your account within 5 to 10 working days. We are sorry, and hope to see you at another session.',
      ],
    },
    site,
  );
}

/**
 * A confirmed booking ended before its session, by its attendee or by the teacher (who removed
 * them): who ended it, what comes back to the attendee, and its calendar entry taken off.
 */
export function bookingCancelledEmail(
  booking: EndedBooking,
  refund: Money | null,
  to: string,
  site: MailSite = mailSite(),
  now = new Date(),
  /** The session's cancellation, when it ended with its session. */
  sessionCancelled?: { message?: string },
): Email {
  const { session } = booking;
  // The administrator's removal is the teacher's decision, not the attendee's.
  const byTeacher = booking.endedBy === 'admin';
  const refundWords =
    refund &&
    `We are refunding your payment of ${formatMoney(refund)} in full: it reaches your account within 5 to 10 working days.`;
  const afterwards = refundWords || (!byTeacher && 'Your seat is free for someone else.');
  return emailTo(
    to,
    {
      subject: sessionCancelled ? `Session cancelled: ${session.title}` : `Booking cancelled: ${session.title}`,
      preview: refund
        ? `Your payment of ${formatMoney(refund)} is being refunded.`
        : sessionCancelled
          ? 'The teacher has had to cancel this session.'
          : byTeacher
            ? 'The teacher has cancelled your place.'
            : 'Your seat is free for someone else.',
      status: sessionCancelled
        ? { text: 'Session cancelled', tone: 'released' }
        : { text: 'Booking cancelled', tone: 'released' },
      heading: session.title,
      paragraphs: [
        greeting(booking),
        ...(sessionCancelled
          ? sessionCancelledWords(sessionCancelled.message)
          : [byTeacher ? 'The teacher has cancelled your place at this session.' : 'Your booking is cancelled.']),
        ...(afterwards ? [afterwards] : []),
      ],
      facts: [...sessionFacts(session), ...(refund ? [{ label: 'Refund', value: formatMoney(refund) }] : [])],
      action: { label: 'Find another session', url: site.url },
      closing: ['The calendar update attached takes the session off your calendar. We hope to see you at another session.'],
    },
    site,
    [
      {
        fileName: 'session.ics',
        contentType: 'text/calendar',
        content: calendarInvite(booking, site.url, now, { name: 'CANCEL' }),
      },
    ],
  );
}

/** A booking awaiting payment or its address's confirmation when the teacher cancelled the session: nothing was charged. */
export function unpaidSessionCancelledEmail(
  booking: BookingView,
  to: string,
  sessionCancelled: { message?: string },
  site: MailSite = mailSite(),
): Email {
  const { session } = booking;
  return emailTo(
    to,
    {
      subject: `Session cancelled: ${session.title}`,
      preview: 'The teacher has had to cancel this session. You have not been charged.',
      status: { text: 'Session cancelled', tone: 'released' },
      heading: session.title,
      paragraphs: [
        greeting(booking),
        ...sessionCancelledWords(sessionCancelled.message),
        'Your booking had not been paid, so nothing has been charged, and its checkout is closed.',
      ],
      facts: sessionFacts(session),
      action: { label: 'Find another session', url: site.url },
      closing: ['We hope to see you at another session.'],
    },
    site,
  );
}

/** To the teacher: who booked what, and how it was paid. */
export function adminBookingAlertEmail(
  booking: BookingView,
  attendeeEmail: string,
  to: string,
  site: MailSite = mailSite(),
): Email {
  const { session } = booking;
  const status = booking.paymentStatus.charAt(0).toUpperCase() + booking.paymentStatus.slice(1);
  const payment = booking.price.amount > 0 ? `${status}, ${formatMoney(booking.price)}` : status;
  return emailTo(
    to,
    {
      subject: `New booking: ${session.title}`,
      preview: `${booking.attendeeName} booked a place.`,
      status: { text: 'New booking', tone: 'confirmed' },
      heading: session.title,
      paragraphs: [[{ bold: booking.attendeeName }, ` (${attendeeEmail}) booked a place.`]],
      facts: [
        ...sessionFacts(session),
        { label: 'Payment', value: payment },
        ...(booking.discountCode ? [{ label: 'Promo code', value: booking.discountCode }] : []),
      ],
      action: { label: 'See the attendees', url: `${site.url}/admin/sessions/${encodeURIComponent(session.id)}` },
      footer: ['You are sent this for every booking made on the site.'],
      toTeacher: true,
    },
    site,
  );
}

/** A free booking waits for its guest to show the address is theirs: the link that confirms it, and until when. */
export function confirmEmailEmail(booking: AttendeeBooking, to: string, site: MailSite = mailSite()): Email {
  const { session } = booking;
  const held = booking.holdExpiresAt ? ` until ${formatWhen(booking.holdExpiresAt)}` : '';
  return emailTo(
    to,
    {
      subject: `Confirm your place: ${session.title}`,
      preview: `Your seat is held${held}: confirm your address to keep it.`,
      status: { text: 'Confirm your place', tone: 'pending' },
      heading: session.title,
      paragraphs: [greeting(booking), `Your seat is held${held}, waiting for you to confirm this address.`],
      facts: sessionFacts(session),
      action: { label: 'Confirm my place', url: `${site.url}/manage/${booking.manageToken!}` },
      closing: ['If you did not book this, you can ignore this e-mail: the seat is released when the hold ends.'],
    },
    site,
  );
}

/** 'time', 'time and place', 'time, place and joining link'. */
function changedWords(changes: readonly SessionChange[]): string {
  const words = changes.map((change) => ({ time: 'time', place: 'place', joinLink: 'joining link' })[change]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words[0];
}

/**
 * The session's time, place or joining link changed: what it was, the session as it is now, and
 * for a confirmed seat the calendar update (the booking's uid, the change's sequence) that moves it
 * in the attendee's calendar. A seat awaiting payment is not given the joining link or a calendar
 * entry yet (booking-calendar.ts).
 */
export function sessionChangedEmail(
  booking: AttendeeBooking,
  notice: Pick<ChangeNotice, 'changes' | 'before' | 'revision'>,
  to: string,
  organizer: CalendarPerson,
  site: MailSite = mailSite(),
  now = new Date(),
): Email {
  const { session } = booking;
  const confirmed = booking.status === 'completed';
  const was = (label: string, value: string): Paragraph => [{ bold: `${label}: ` }, value];
  const before = notice.before;
  return emailTo(
    to,
    {
      subject: `Session changed: ${session.title}`,
      preview: notice.changes.includes('time')
        ? `It now starts ${formatWhen(session.startTime)}.`
        : `The ${changedWords(notice.changes)} of your session changed.`,
      status: { text: 'Session changed', tone: 'pending' },
      heading: session.title,
      paragraphs: [
        greeting(booking),
        `We have changed the ${changedWords(notice.changes)} of this session. Your place is kept, and the details below are the new ones.`,
        ...(notice.changes.includes('time')
          ? [was('Previous time', `${formatDay(before.startTime)}, ${formatTimes(before.startTime, before.endTime)}`)]
          : []),
        ...(notice.changes.includes('place') ? [was('Previous place', before.place)] : []),
        ...(notice.changes.includes('joinLink') ? ['The joining link is new: please use the one below.'] : []),
      ],
      facts: sessionFacts(session, confirmed ? booking.joinLink : null),
      action: { label: 'View your booking', url: bookingUrl(site, booking.id) },
      closing: [
        confirmed
          ? 'The calendar update attached moves the session in your calendar.'
          : 'Your seat is still held for your payment.',
      ],
      footer: howToCancel(booking, site, now),
    },
    site,
    confirmed
      ? [
          {
            fileName: 'session.ics',
            contentType: 'text/calendar',
            content: calendarInvite({ ...booking, sessionRevision: notice.revision }, site.url, now, {
              name: 'REQUEST',
              organizer,
              attendee: { name: booking.attendeeName, email: to },
            }),
          },
        ]
      : undefined,
  );
}

/** A line shortened to what an inbox shows after the subject, never inside a character. */
function preview(line: string): string {
  const characters = [...line];
  return characters.length > 120 ? `${characters.slice(0, 119).join('')}…` : line;
}

/** The administrator's message to everyone booked on a session, one paragraph per line they wrote. */
export function attendeeMessageEmail(
  booking: AttendeeBooking,
  notice: Pick<MessageNotice, 'subject' | 'message'>,
  to: string,
  site: MailSite = mailSite(),
  now = new Date(),
): Email {
  const { session } = booking;
  const lines = notice.message
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return emailTo(
    to,
    {
      subject: notice.subject,
      preview: preview(lines[0]),
      status: { text: 'A message about your booking', tone: 'neutral' },
      heading: session.title,
      paragraphs: [greeting(booking), ...lines],
      facts: sessionFacts(session, booking.status === 'completed' ? booking.joinLink : null),
      action: { label: 'View your booking', url: bookingUrl(site, booking.id) },
      // A word after the session (its recording, thanks) has no place to cancel.
      footer: Date.parse(session.startTime) > now.getTime() ? howToCancel(booking, site, now) : [],
    },
    site,
  );
}

/**
 * The e-mail of a notice to one attendee, or why none is sent: the booking has ended since, or a
 * later change of the session follows with its own notice (and the latest facts). A pending
 * booking is not given the joining link, so a new link alone is not news to it.
 */
export function noticeEmail(
  notice: NoticeRecord,
  booking: AttendeeBooking,
  to: string,
  organizer: CalendarPerson,
  site: MailSite = mailSite(),
): { email: Email } | { skipped: string } {
  if (booking.status === 'cancelled') return { skipped: 'The booking has ended' };
  if (notice.kind === 'message') return { email: attendeeMessageEmail(booking, notice, to, site) };
  if (booking.sessionRevision > notice.revision) return { skipped: 'A later change of the session follows' };
  // Read before the change reached this copy of the table: the consumer tries again.
  if (booking.sessionRevision < notice.revision)
    throw new Error(`Session ${notice.sessionId} read before revision ${notice.revision}`);
  const changes = booking.status === 'completed' ? notice.changes : notice.changes.filter((change) => change !== 'joinLink');
  if (changes.length === 0) return { skipped: 'Only the joining link changed, which a pending booking is not given' };
  return { email: sessionChangedEmail(booking, { ...notice, changes }, to, organizer, site) };
}
