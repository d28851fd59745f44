import type { Money } from './money';

/** One week of the owner's figures, from Monday in the teacher's time zone. */
export type OverviewWeek = {
  /** The Monday it starts on, as YYYY-MM-DD. */
  weekStart: string;
  bookings: number;
  cancellations: number;
  packageSales: number;
  /** Of the sessions that started that week, the attendees marked at check-in as come, and as not. */
  attended: number;
  noShows: number;
  /** What was paid that week, less what was refunded, one amount per currency taken. */
  revenue: Money[];
};

/** An upcoming session as the owner looks at it first: how full, and how many wait. */
export type OverviewSession = {
  id: string;
  title: string;
  startTime: string;
  /** Confirmed bookings. */
  seatsBooked: number;
  /** Seats held for a checkout in progress, or kept for the waitlist: taken, not yet booked. */
  seatsPending: number;
  /** Null when the session takes anyone who books. */
  capacity: number | null;
  waitlistCount: number;
};

/** `GET /api/admin/overview`: the figures /admin opens on. */
export type AdminOverview = {
  /** Oldest first, the current week last; a week with nothing in it is there with zeros. */
  weeks: OverviewWeek[];
  /** The next sessions, soonest first. */
  upcoming: OverviewSession[];
};
