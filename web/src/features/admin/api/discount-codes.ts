import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDiscountCode, AdminDiscountCodePage, DiscountCodeForm, DiscountCodeSettings } from '@schemas/discount';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api';
import { adminKeys } from './admin-keys';

export const discountCodesQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.discountCodes,
    queryFn: ({ pageParam }) =>
      apiGet<AdminDiscountCodePage>(
        `/admin/discount-codes?limit=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

const codePath = (code: string) => `/admin/discount-codes/${encodeURIComponent(code)}`;

/** Creating, editing and deleting codes; each reads the list again. */
export function useDiscountCodeChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.discountCodes });
  return {
    create: useMutation({
      mutationFn: (form: DiscountCodeForm) => apiPost<AdminDiscountCode>('/admin/discount-codes', form),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ code, settings }: { code: string; settings: DiscountCodeSettings }) =>
        apiPut<AdminDiscountCode>(codePath(code), settings),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (code: string) => apiDelete(codePath(code)), onSuccess: refresh }),
  };
}
