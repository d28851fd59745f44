import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, AdminOrderDetail, AdminOrderPage, settableStatuses } from '@schemas/order';
import { apiGet, apiPost } from '@/lib/api';
import { adminKeys } from './admin-keys';

/** Every order, newest first; or one session's, in the order they were booked. */
export const ordersQuery = (sessionId?: string) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.orders, { sessionId }],
    queryFn: ({ pageParam }) =>
      apiGet<AdminOrderPage>(
        `/admin/orders?limit=25${sessionId ? `&sessionId=${encodeURIComponent(sessionId)}` : ''}${
          pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''
        }`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

const orderPath = (id: string) => `/admin/orders/${encodeURIComponent(id)}`;

/** An order with its history of changes. */
export const orderQuery = (id: string) =>
  queryOptions({ queryKey: [...adminKeys.orders, id], queryFn: () => apiGet<AdminOrderDetail>(orderPath(id)) });

/** What the administrator may do to an order; each refreshes the orders and the schedule. */
export function useOrderActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  return {
    setStatus: useMutation({
      mutationFn: ({ id, paymentStatus }: { id: string; paymentStatus: (typeof settableStatuses)[number] }) =>
        apiPost<AdminOrder>(`${orderPath(id)}/status`, { paymentStatus }),
      onSettled: refresh,
    }),
    sync: useMutation({
      mutationFn: (id: string) =>
        apiPost<{ outcome: 'updated' | 'already_paid' | 'no_payment_found' }>(
          `/admin/bookings/${encodeURIComponent(id)}/sync`,
          {},
        ),
      onSettled: refresh,
    }),
    refund: useMutation({ mutationFn: (id: string) => apiPost<AdminOrder>(`${orderPath(id)}/refund`, {}), onSettled: refresh }),
    resend: useMutation({ mutationFn: (id: string) => apiPost(`${orderPath(id)}/resend-confirmation`, {}) }),
  };
}
