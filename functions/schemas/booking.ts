import * as z from 'zod/mini';
import { personName } from './text';
import { DiscountCodeText } from './discount';
import { currencies, type Money } from './money';
import { LinkToken } from './link-token';

/** Who a place is booked for: the fields every booking form asks. */
const Attendee = z.object({
  firstName: personName('First name', 100),
  lastName: personName('Last name', 100),
  email: z.pipe(
    z
      .string({ error: 'Please enter a valid email address' })
      .check(z.trim(), z.toLowerCase(), z.maxLength(254, 'Please enter a valid email address')),
    z.email('Please enter a valid email address'),
  ),
});

/** The booking form, parsed the same way in the browser and on the server. */
export const BookingRequest = z.extend(Attendee, {
  /** The currency the visitor selected; the session's own when absent. The price is always the server's. */
  currency: z.optional(z.enum(currencies, { error: 'Currency must be GBP, EUR or USD' })),
  /** One promo code per booking. */
  discountCode: z.optional(DiscountCodeText),
  /**
   * The id of this address's pending booking for the session, to book anew and release its seat:
   * a member learns it from the 409 (`pendingBookingId`), a visitor from their own checkout.
   */
  replacePending: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid booking id'))),
});
export type BookingRequest = z.infer<typeof BookingRequest>;

/** Sent by the site with each booking, so a retried request books once and gets the first answer. */
export const IdempotencyKeyHeaders = z.object({
  'idempotency-key': z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'The idempotency key must be 16 to 64 letters, digits, - or _')),
  ),
});

export type BookingStatus = 'pending' | 'completed' | 'cancelled';

/** How a booking the administrator entered herself was paid: not through the checkout. */
export const manualPayments = ['cash', 'bank_transfer', 'complimentary'] as const;
export type ManualPayment = (typeof manualPayments)[number];

/**
 * 'Add attendee' (`POST /api/admin/sessions/{id}/attendees`): who, and how they paid; the price is
 * the session's (none when complimentary). `beyondCapacity` books a full session anyway, once the
 * administrator has confirmed it.
 */
export const ManualBookingRequest = z.extend(Attendee, {
  payment: z.enum(manualPayments, { error: 'Choose how they paid' }),
  beyondCapacity: z.optional(z.boolean({ error: 'beyondCapacity must be true or false' })),
});
export type ManualBookingRequest = z.infer<typeof ManualBookingRequest>;

/** Whether a confirmed attendee came, as the administrator marks it at check-in. */
export const attendanceMarks = ['attended', 'no_show'] as const;
export type Attendance = (typeof attendanceMarks)[number];

/** `PUT /api/admin/sessions/{id}/attendees/{bookingId}/attendance`: a mark, or none to take it back. */
export const AttendanceRequest = z.object({
  attendance: z.nullable(z.enum(attendanceMarks, { error: 'Attendance must be attended, no_show or null' })),
});
export type AttendanceRequest = z.infer<typeof AttendanceRequest>;
/** The values of docs/product.md#payments, refunded among them: a payment that came after its seat was gone is given back. */
export type PaymentStatus = 'paid' | 'pending' | 'cancelled' | 'free' | 'failed' | 'completed' | 'refunded';

/**
 * The answer to a booking request (201), and again to a replay of it. A paid booking is
 * pending: its seat is held until `holdExpiresAt` while the visitor pays at `checkoutUrl`.
 */
export type BookingReceipt = {
  booking: {
    id: string;
    status: BookingStatus;
    paymentStatus: PaymentStatus;
    /** What the visitor pays, in the currency they chose, after any discount: 0 for a free booking. */
    price: Money;
    holdExpiresAt: string | null;
  };
  checkoutUrl: string | null;
  /** The token of the booking's 'Manage booking' page (/manage/{token}), for the browser that booked. */
  manageToken: string | null;
};

/** The 409 a signed-in member gets when they already have a pending booking for the session. */
export type PendingBookingConflict = { message: string; pendingBookingId: string };

/** How long before its start a booking can still be cancelled (and a paid one refunded). */
export const CANCELLATION_CUTOFF_HOURS = 24;

/** Until when a booking of a session starting at `startTime` can be cancelled (ISO-8601). */
export const cancellableUntil = (startTime: string) =>
  new Date(Date.parse(startTime) - CANCELLATION_CUTOFF_HOURS * 3_600_000).toISOString();

/**
 * A booking's cancellation terms: free cancellation `until` the cut-off; `closed` is null while
 * it can be cancelled, otherwise why not: the cut-off has passed, the booking is not confirmed
 * yet (awaiting its payment or its guest's confirmation), or it has ended already.
 */
export type CancellationTerms = { until: string; closed: null | 'cut-off' | 'not-confirmed' | 'ended' };

/** The terms of a booking as its pages show it (the server refuses the same: a confirmed booking before the cut-off). */
export function cancellationTerms(
  booking: { status: BookingStatus; session: { startTime: string } },
  now: Date,
): CancellationTerms {
  const until = cancellableUntil(booking.session.startTime);
  if (booking.status === 'cancelled') return { until, closed: 'ended' };
  if (booking.status === 'pending') return { until, closed: 'not-confirmed' };
  return { until, closed: now.toISOString() < until ? null : 'cut-off' };
}

/**
 * `POST /api/bookings/{id}/cancel` and `POST /api/bookings/{id}/checkout/cancel`: a member's own
 * booking, or a guest's with the token of its 'Manage booking' link; `POST /api/bookings/{id}/confirm`:
 * a guest's, with that token.
 */
export const CancellationRequest = z.object({ token: z.optional(LinkToken) });

/** `GET /api/manage/{token}`: a guest's booking, its cancellation terms, and the address an account would use. */
export type ManagedBooking = {
  booking: BookingConfirmation;
  attendeeName: string;
  attendeeEmail: string;
  /**
   * A confirmed booking of an online session: its joining link, from its starting-soon time until
   * it ends (this page is the attendee's own, by the link in their e-mail), and until it ends, from
   * when the link shows.
   */
  joinLink: string | null;
  joinLinkFrom: string | null;
  cancellation: CancellationTerms;
  /** While its guest must still confirm their address: until when the seat waits for them. */
  confirmBy: string | null;
  refund: RefundShown | null;
};

/** A paid booking that ended: its payment going back ('owed') or gone back ('sent'), in full. */
export type RefundShown = { amount: Money; state: 'owed' | 'sent' };

/** `POST /api/bookings/{id}/cancel`: the booking as it now is, cancelled. */
export type CancellationReceipt = { outcome: 'cancelled' | 'already_cancelled'; booking: BookingReceipt['booking'] };

/** `POST /api/bookings/{id}/checkout`: where to pay for the member's own pending booking. */
export type CheckoutResumption = { checkoutUrl: string };

/** `POST /api/bookings/{id}/checkout/cancel`: whether the pending booking's seat was released by this call. */
export type CheckoutCancellation = { released: boolean };

/** A booking with the session it is for, as the attendee's e-mails and calendar entry show it. */
export type BookingView = {
  id: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  attendeeName: string;
  /** What the booking costs (0 when free), after the discount code if one was applied. */
  price: Money;
  discountCode: string | null;
  /** While the booking awaits payment: when its seat is released if unpaid. */
  holdExpiresAt: string | null;
  /** While the booking awaits payment: where to pay it (for a visitor who left the checkout). */
  checkoutUrl: string | null;
  session: {
    id: string;
    title: string;
    startTime: string;
    endTime: string;
    /** The short summary (docs/product.md#formats-and-limits): 'Online', or 'city, post code'. */
    location: string;
    /** The full place: 'Online', or the street, city and post code. */
    place: string;
    locationType: 'online' | 'onsite';
  };
};

/**
 * GET /api/bookings/{id}: what the confirmation page shows, to anyone who holds the booking's id
 * (a link in the attendee's e-mails, the payment page's return address). Nothing about the
 * attendee, no promo code, and no checkout link, whose page shows the attendee's e-mail address:
 * the way back to an unpaid checkout is e-mailed to that address, or on a member's own bookings.
 */
export type BookingConfirmation = Pick<BookingView, 'id' | 'status' | 'paymentStatus' | 'price' | 'holdExpiresAt' | 'session'>;
