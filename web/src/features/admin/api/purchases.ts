import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPurchasePage } from '@schemas/purchase';
import { apiDelete, apiGet } from '@/lib/api';
import { adminKeys } from './admin-keys';

/** Every recordings purchase, newest first. */
export const purchasesQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.purchases,
    queryFn: ({ pageParam }) =>
      apiGet<AdminPurchasePage>(`/admin/purchases?limit=25${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Deletes a purchase that is not paid; the purchases and orders are read again. */
export function useDeletePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/admin/purchases/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
