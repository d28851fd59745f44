import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingRequest, BookingView } from '@schemas/booking';
import { apiGet, apiPost } from '@/lib/api';

export function useCreateBooking(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The same key on a retry of the same form makes the server answer the first booking
    // instead of booking twice (a lost response, a double click).
    mutationFn: ({ request, idempotencyKey }: { request: BookingRequest; idempotencyKey: string }) =>
      apiPost<{ booking: { id: string } }>(`/sessions/${encodeURIComponent(sessionId)}/bookings`, request, {
        'idempotency-key': idempotencyKey,
      }).then((r) => r.booking),
    // Seats change for everyone; a signed-in member's own lists (all under ['me']) gain the booking.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['sessions'] }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ]),
  });
}

export function useBooking(id: string | null) {
  return useQuery({
    queryKey: ['bookings', id],
    enabled: Boolean(id),
    queryFn: () => apiGet<{ booking: BookingView }>(`/bookings/${encodeURIComponent(id!)}`).then((r) => r.booking),
    retry: false,
  });
}
