import type { Money } from './money';

export const sessionCategories = [
  'Breathwork',
  'Meditation',
  'Movement',
  'Pregnancy',
  'Postpartum',
  'Mothers',
  'Workshop',
  'Other',
] as const;

export type LocationType = 'online' | 'onsite';

/** What the public API returns for a session: everything a card or the detail page needs. */
/**
 * How long before an online session starts, unless the teacher chose otherwise, its attendees are
 * e-mailed that it starts soon, with its joining link; from then until it ends, their booking's
 * pages show the link too.
 */
export const STARTING_SOON_MINUTES = 30;

export type SessionView = {
  id: string;
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  durationMinutes: number;
  locationType: LocationType;
  location: string;
  address: string | null;
  city: string | null;
  postCode: string | null;
  whatToBring: string | null;
  thumbnailUrl: string | null;
  category: string | null;
  featured: boolean;
  price: Money;
  maxAttendees: number | null;
  seatsLeft: number | null;
  soldOut: boolean;
  /** The teacher called it off: its page says so, and it cannot be booked. */
  cancelled: boolean;
  /** A date of a recurring series: which, and its rule in words ('Every first Tuesday'). */
  series: { id: string; description: string } | null;
};
