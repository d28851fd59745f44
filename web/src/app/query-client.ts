import { QueryClient } from '@tanstack/react-query';

// The data cache of docs/product.md#formats-and-limits: five minutes, one retry, refetch on focus.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: true } },
});
