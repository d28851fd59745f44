import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPackagePrice, PackagePriceForm } from '@schemas/package-price';
import { apiGet, apiPut } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';
import { adminKeys } from './admin-keys';

export const packagePriceQuery = () =>
  queryOptions({ queryKey: adminKeys.packagePrice, queryFn: () => apiGet<AdminPackagePrice>('/admin/package-price') });

/** Sets the price; the library's banner reads it anew. */
export function useSetPackagePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PackagePriceForm) => apiPut<AdminPackagePrice>('/admin/package-price', form),
    onSuccess: (saved) => {
      queryClient.setQueryData(packagePriceQuery().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: queryRoots.package });
    },
  });
}
