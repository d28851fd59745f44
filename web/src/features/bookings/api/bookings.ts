import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingConfirmation,
  BookingReceipt,
  BookingRequest,
  CheckoutCancellation,
  CheckoutResumption,
  ManagedBooking,
} from '@schemas/booking';
import type { DiscountQuote, DiscountValidationRequest } from '@schemas/discount';
import { ApiError, apiGet, apiPost, refusalReason } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

export function useCreateBooking(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The same key on a retry of the same request makes the server answer the first booking
    // instead of booking twice (a lost response, a double click).
    mutationFn: ({ request, idempotencyKey }: { request: BookingRequest; idempotencyKey: string }) =>
      apiPost<BookingReceipt>(`/sessions/${encodeURIComponent(sessionId)}/bookings`, request, {
        'idempotency-key': idempotencyKey,
      }),
    // Seats change for everyone; a signed-in member's own lists (all under ['me']) gain the booking.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.sessions }),
        queryClient.invalidateQueries({ queryKey: queryRoots.me }),
      ]),
  });
}

/** The member's pending booking for the session when the server refused a second one (409), else nothing. */
export function pendingBookingOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const id = error.body.pendingBookingId;
  return typeof id === 'string' ? id : undefined;
}

/** A new checkout for the member's own pending booking: where to pay for it. */
export function useResumeCheckout() {
  return useMutation({
    mutationFn: (bookingId: string) =>
      apiPost<CheckoutResumption>(`/bookings/${encodeURIComponent(bookingId)}/checkout`, {}).then((r) => r.checkoutUrl),
  });
}

/**
 * Gives up a pending booking whose checkout was left unpaid: a guest's by its 'Manage booking'
 * token, a member's by their own. Its seat is then free for everyone, and gone from the member's lists.
 */
export function useCancelCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, token }: { bookingId: string; token?: string }) =>
      apiPost<CheckoutCancellation>(`/bookings/${encodeURIComponent(bookingId)}/checkout/cancel`, { token }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.sessions }),
        queryClient.invalidateQueries({ queryKey: queryRoots.me }),
      ]),
  });
}

/**
 * What a promo code takes off the session's price, in the visitor's currency. Each check counts
 * against the visitor's hourly allowance, so an answer is kept for the visit and never retried.
 */
export const discountQuoteQuery = (request: DiscountValidationRequest) =>
  queryOptions({
    queryKey: ['discount-quote', request.sessionId, request.code, request.currency],
    queryFn: () => apiPost<DiscountQuote>('/discount-codes/validate', request),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

const bookingQuery = (id: string | null) =>
  queryOptions({
    queryKey: ['bookings', id],
    enabled: Boolean(id),
    queryFn: () => apiGet<{ booking: BookingConfirmation }>(`/bookings/${encodeURIComponent(id!)}`).then((r) => r.booking),
    retry: false,
    // A paid booking stays pending until the payment provider tells the server: look again until it settles.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });

export function useBooking(id: string | null) {
  return useQuery(bookingQuery(id));
}

/** A guest's booking, by the token of its 'Manage booking' link. */
export const managedBookingQuery = (token: string) =>
  queryOptions({
    queryKey: ['manage', token],
    queryFn: () => apiGet<ManagedBooking>(`/manage/${encodeURIComponent(token)}`),
    retry: false,
  });

/**
 * What a failed booking call tells the visitor: the server's own words for what they can act on
 * (a 4xx), 'Failed to create checkout session' when the payment provider failed (502), and `fallback` otherwise.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 502) return 'Failed to create checkout session';
  return refusalReason(error) ?? fallback;
}
