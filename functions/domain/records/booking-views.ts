import { linkToken } from '../../lib/link-token';
import type { BookingConfirmation, BookingReceipt, BookingView } from '../../schemas/booking';
import type { MemberBookingSummary } from '../../schemas/member';
import { shownStatus, type EndedBy, type EndReason } from './booking-lifecycle';
import { getBooking, sessionSnapshot, type BookingRecord } from './bookings';
import { endTime, getSession, joinLinkShownFrom, placeText, type SessionRecord } from './sessions';

// What the API and the e-mails show of a booking: the response shapes of schemas/booking.ts and
// schemas/member.ts, built from the stored booking (and its session as it is now) in one place.

/** Where to pay a booking that awaits payment; nothing for any other. */
const pendingCheckoutUrl = (booking: BookingRecord) => (booking.state === 'held' ? (booking.checkoutUrl ?? null) : null);

/** What the API answers for a booking, as it now is. */
export function receiptOf(booking: BookingRecord): BookingReceipt {
  return {
    booking: {
      id: booking.id,
      ...shownStatus(booking),
      price: booking.price,
      holdExpiresAt: booking.holdExpiresAt ?? null,
    },
    checkoutUrl: pendingCheckoutUrl(booking),
    // Not while its guest must show they read the address: the link confirms it, so only the e-mail carries it.
    manageToken: booking.manageSecret && booking.state !== 'unconfirmed' ? linkToken(booking.id, booking.manageSecret) : null,
  };
}

/**
 * A booking's view as the server's own modules read it: with its session's revision, which the
 * SEQUENCE of the booking's calendar entries follows (booking-calendar.ts). Never answered as is.
 */
export type BookingDetails = BookingView & { sessionRevision: number };

/** The booking with its session as it is now, as the confirmation page and the e-mails show it. */
export async function getBookingView(id: string): Promise<BookingDetails | undefined> {
  const found = await bookingWithSession(id);
  return found && bookingDetails(found.booking, found.session);
}

/** What anyone holding a booking's id is shown of it: the confirmation page's facts and nothing more. */
export function bookingConfirmation(view: BookingView): BookingConfirmation {
  const { id, status, paymentStatus, price, holdExpiresAt, session } = view;
  return { id, status, paymentStatus, price, holdExpiresAt, session };
}

/**
 * What the attendee's own e-mails show: the booking's view, for an online session its private
 * joining link, and the token of its 'Manage booking' page.
 */
export type AttendeeBooking = BookingDetails & {
  joinLink: string | null;
  /** From when the attendee's pages show the joining link (an online session's starting-soon time). */
  joinLinkShownFrom: string | null;
  manageToken: string | null;
};

export async function getAttendeeBooking(id: string): Promise<AttendeeBooking | undefined> {
  const found = await bookingWithSession(id);
  if (!found) return undefined;
  const { booking, session } = found;
  return {
    ...bookingDetails(booking, session),
    joinLink: session.locationType === 'online' ? (session.zoomLink ?? null) : null,
    joinLinkShownFrom: shownFrom(session),
    manageToken: booking.manageSecret ? linkToken(booking.id, booking.manageSecret) : null,
  };
}

const shownFrom = (session: SessionRecord) => {
  const from = joinLinkShownFrom(session);
  return from === undefined ? null : new Date(from).toISOString();
};

/**
 * The joining link of an online session as a confirmed attendee's own pages show it: from its
 * starting-soon time until the session ends, never before (the e-mails carry it); and until it
 * ends, from when it will show.
 */
export function joinLinkOnPage(
  of: { confirmed: boolean; joinLink: string | null; shownFrom: string | null; endTime: string },
  now: Date,
): { joinLink: string | null; joinLinkFrom: string | null } {
  const at = now.toISOString();
  if (!of.confirmed || !of.shownFrom || at >= of.endTime) return { joinLink: null, joinLinkFrom: null };
  return { joinLink: at >= of.shownFrom ? of.joinLink : null, joinLinkFrom: of.shownFrom };
}

/** A session record's joining link on its attendee's pages. */
export const sessionJoinLinkOnPage = (booking: Pick<BookingRecord, 'state'>, session: SessionRecord, now: Date) =>
  joinLinkOnPage(
    {
      confirmed: booking.state === 'confirmed',
      joinLink: session.locationType === 'online' ? (session.zoomLink ?? null) : null,
      shownFrom: shownFrom(session),
      endTime: endTime(session),
    },
    now,
  );

/** A booking that has ended, as its cancellation e-mail tells it: why, and who ended it. */
export type EndedBooking = BookingDetails & { endReason: EndReason | null; endedBy: EndedBy | null };

export async function getEndedBooking(id: string): Promise<EndedBooking | undefined> {
  const found = await bookingWithSession(id);
  if (!found) return undefined;
  const { booking, session } = found;
  return { ...bookingDetails(booking, session), endReason: booking.endReason ?? null, endedBy: booking.endedBy ?? null };
}

async function bookingWithSession(id: string) {
  const booking = await getBooking(id);
  const session = booking && (await getSession(booking.sessionId));
  return booking && session ? { booking, session } : undefined;
}

function bookingDetails(booking: BookingRecord, session: SessionRecord): BookingDetails {
  return {
    id: booking.id,
    ...shownStatus(booking),
    attendeeName: booking.attendeeName,
    price: booking.price,
    discountCode: booking.discountCode ?? null,
    holdExpiresAt: booking.holdExpiresAt ?? null,
    checkoutUrl: pendingCheckoutUrl(booking),
    session: { id: session.id, ...sessionSnapshot(session), place: placeText(session) },
    sessionRevision: session.revision ?? 0,
  };
}

/** A row of a member's bookings list, from the booking and its snapshot of the session. */
export function memberBookingSummary(booking: BookingRecord): MemberBookingSummary {
  const { session } = booking;
  return {
    id: booking.id,
    ...shownStatus(booking),
    checkoutUrl: pendingCheckoutUrl(booking),
    attended: booking.attendance === 'attended',
    session: {
      id: booking.sessionId,
      title: session.title,
      startTime: session.startTime,
      endTime: session.endTime,
      location: session.location,
      locationType: session.locationType,
      category: session.category,
    },
  };
}
