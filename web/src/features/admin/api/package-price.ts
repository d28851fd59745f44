import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPackagePrice, PackagePriceForm } from '@schemas/package-price';
import { apiGet, apiPut } from '@/lib/api';

export const packagePriceQuery = () =>
  queryOptions({ queryKey: ['admin', 'package-price'], queryFn: () => apiGet<AdminPackagePrice>('/admin/package-price') });

/** Sets the price; the library's banner reads it anew. */
export function useSetPackagePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PackagePriceForm) => apiPut<AdminPackagePrice>('/admin/package-price', form),
    onSuccess: (saved) => {
      queryClient.setQueryData(['admin', 'package-price'], saved);
      return queryClient.invalidateQueries({ queryKey: ['package'] });
    },
  });
}
