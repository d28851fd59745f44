// Plain types with no zod import: what the member API answers, read by the site's dashboard.
import type { BookingStatus, PaymentStatus } from './booking';
import type { LocationType } from './session';

/** 'Free' for a new member; the administrator may set another (free text: docs/product.md#accounts). */
export type SubscriptionStatus = string;

/** GET /api/me: who the caller is (from the verified token) and their profile. */
export type MeView = {
  user: { id: string; email: string; isAdmin: boolean };
  /** Fallbacks when no profile exists yet: the token's name or null, and 'Free'. */
  profile: { fullName: string | null; subscriptionStatus: SubscriptionStatus };
};

/** PUT /api/me/profile answers the profile as saved. */
export type ProfileView = { profile: { fullName: string; subscriptionStatus: SubscriptionStatus; updatedAt: string } };

/** Which of a member's bookings: sessions starting from now (soonest first) or before now (latest first). */
export const bookingTimes = ['upcoming', 'past'] as const;
export type BookingTime = (typeof bookingTimes)[number];

/**
 * Which statuses a list shows. 'attending' (the default) is the one seat rule: a booking holds
 * a seat once it is completed (paid, or free). 'all' adds pending (checkout not finished) and
 * cancelled bookings, for the My bookings page and its status badges; a hold released unpaid (a
 * checkout left or run out) was never the member's seat, and no list shows it.
 */
export const bookingStatusViews = ['attending', 'all'] as const;
export type BookingStatusView = (typeof bookingStatusViews)[number];

/** One row of a member's bookings: what a dashboard card or list shows, from the booking's snapshot. */
export type MemberBookingSummary = {
  id: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  /** While the booking awaits payment: where to pay it. */
  checkoutUrl: string | null;
  /** The teacher checked them in at the session. */
  attended: boolean;
  session: {
    id: string;
    title: string;
    startTime: string;
    endTime: string;
    location: string;
    locationType: LocationType;
    category: string | null;
  };
};

/** GET /api/me/bookings: a page of bookings and the cursor of the next one (null at the end). */
export type MemberBookingsPage = { bookings: MemberBookingSummary[]; nextCursor: string | null };

/** GET /api/me/bookings/{id}: one of the caller's bookings with its session as it is now. */
export type MemberBookingView = {
  booking: Omit<MemberBookingSummary, 'session'> & {
    attendeeName: string;
    attendeeEmail: string;
    createdAt: string;
    /** An online session's joining link, from its starting-soon time until it ends; and from when. */
    joinLink: string | null;
    joinLinkFrom: string | null;
    session: MemberBookingSummary['session'] & {
      description: string;
      /** True when the session has a recording (the address itself is never sent here). */
      hasRecording: boolean;
    };
  };
};
