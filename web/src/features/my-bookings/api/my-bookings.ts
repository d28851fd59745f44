import { queryOptions } from '@tanstack/react-query';
import type { MemberBookingView } from '@schemas/member';
import { apiGet } from '@/lib/api';
import { memberKey } from '@/lib/query-keys';

/** One booking with its session as it is now: the description and whether it has a recording. */
export const myBookingQuery = (userId: string, bookingId: string) =>
  queryOptions({
    queryKey: [...memberKey(userId), 'booking', bookingId],
    queryFn: () => apiGet<MemberBookingView>(`/me/bookings/${encodeURIComponent(bookingId)}`).then((r) => r.booking),
    staleTime: 60_000,
  });
