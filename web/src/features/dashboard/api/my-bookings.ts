import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { BookingStatusView, BookingTime, MemberBookingsPage } from '@schemas/member';
import { sessionCategories } from '@schemas/session';
import { apiGet } from '@/lib/api';
import { memberKey } from '@/lib/query-keys';

export type Category = (typeof sessionCategories)[number];

/** A category named in a URL, if it is one of the categories of docs/product.md#schedule; anything else means all categories. */
export function categoryFrom(value: string | null): Category | undefined {
  return sessionCategories.find((c) => c === value);
}

/** `status`: the seats the member holds ('attending', unless said), or every booking ('all', for My Bookings' badges). */
type Filter = { when: BookingTime; category?: Category; status?: BookingStatusView };

function bookingsPath({ when, category, status = 'attending' }: Filter, limit: number, cursor?: string | null) {
  const params = new URLSearchParams({ when, status, limit: String(limit) });
  if (category) params.set('category', category);
  if (cursor) params.set('cursor', cursor);
  return `/me/bookings?${params}`;
}

// Under the member's key, so signing out forgets them with the profile.
const bookingsKey = (userId: string, { when, category, status = 'attending' }: Filter) =>
  [...memberKey(userId), 'bookings', status, when, category ?? 'all'] as const;

/**
 * The first few sessions a member holds a seat in (the one seat rule: completed bookings),
 * upcoming soonest first or past latest first: the dashboard's cards.
 */
export const myBookingsPreviewQuery = (userId: string, when: BookingTime, limit = 3) =>
  queryOptions({
    queryKey: [...bookingsKey(userId, { when }), 'preview', limit],
    queryFn: () => apiGet<MemberBookingsPage>(bookingsPath({ when }, limit)),
  });

export const BOOKINGS_PAGE_SIZE = 10;

/** The member's bookings a page at a time, following the API's cursor ('Load more', 'Show more'). */
export const myBookingsQuery = (userId: string, filter: Filter) =>
  infiniteQueryOptions({
    queryKey: [...bookingsKey(userId, filter), 'pages'],
    queryFn: ({ pageParam }) => apiGet<MemberBookingsPage>(bookingsPath(filter, BOOKINGS_PAGE_SIZE, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
