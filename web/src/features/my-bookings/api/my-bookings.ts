import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { BookingTime, MemberBookingView, MemberBookingsPage } from '@schemas/member';
import { apiGet } from '@/lib/api';
import { memberKey } from '@/lib/query-keys';

/** Cards per page of each list; 'Show more' follows the cursor. */
export const MY_BOOKINGS_PAGE_SIZE = 10;

/**
 * My bookings, upcoming (soonest first) or past (latest first), with every status (pending and
 * cancelled too, for their badges), a page at a time.
 */
export const myBookingsQuery = (userId: string, when: BookingTime) =>
  infiniteQueryOptions({
    queryKey: [...memberKey(userId), 'bookings', when, 'all'],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ when, status: 'all', limit: String(MY_BOOKINGS_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiGet<MemberBookingsPage>(`/me/bookings?${query}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** One booking with its session as it is now: the description and whether it has a recording. */
export const myBookingQuery = (userId: string, bookingId: string) =>
  queryOptions({
    queryKey: [...memberKey(userId), 'booking', bookingId],
    queryFn: () => apiGet<MemberBookingView>(`/me/bookings/${encodeURIComponent(bookingId)}`).then((r) => r.booking),
    staleTime: 60_000,
  });
