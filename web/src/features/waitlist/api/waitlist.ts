import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingReceipt } from '@schemas/booking';
import type { Currency } from '@schemas/money';
import type { WaitlistJoinAnswer, WaitlistPlace, WaitlistRequest } from '@schemas/waitlist';
import { apiDelete, apiGet, apiPost } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

export function useJoinWaitlist(sessionId: string) {
  return useMutation({
    mutationFn: (request: WaitlistRequest) =>
      apiPost<WaitlistJoinAnswer>(`/sessions/${encodeURIComponent(sessionId)}/waitlist`, request),
  });
}

const placePath = (token: string) => `/waitlist/${encodeURIComponent(token)}`;

/** A place on a waitlist, by its e-mailed link: its state, position and open offer. */
export const waitlistPlaceQuery = (token: string) =>
  queryOptions({
    queryKey: ['waitlist', token],
    queryFn: () => apiGet<WaitlistPlace>(placePath(token)),
    retry: false,
  });

/** Take the offered seat, pass it on, or leave the list: each answers the place (or the booking) as it now is. */
export function usePlaceActions(token: string) {
  const queryClient = useQueryClient();
  const settled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: waitlistPlaceQuery(token).queryKey }),
      queryClient.invalidateQueries({ queryKey: queryRoots.sessions }),
    ]);
  return {
    accept: useMutation({
      mutationFn: (currency: Currency) => apiPost<BookingReceipt>(`${placePath(token)}/accept`, { currency }),
      onSettled: settled,
    }),
    decline: useMutation({ mutationFn: () => apiPost<WaitlistPlace>(`${placePath(token)}/decline`, {}), onSettled: settled }),
    leave: useMutation({ mutationFn: () => apiDelete<WaitlistPlace>(placePath(token)), onSettled: settled }),
  };
}
