import { queryOptions } from '@tanstack/react-query';
import type { Currency } from '@schemas/money';
import type { RatesView } from '@schemas/rates';
import { apiGet } from '@/lib/api';

/** The server's rates from one currency: the ones it converts prices with at checkout. */
export const ratesQuery = (base: Currency) =>
  queryOptions({
    queryKey: ['rates', base],
    queryFn: () => apiGet<RatesView>(`/rates?base=${base}`),
    // The server keeps its rates for an hour; asking sooner would answer the same.
    staleTime: 60 * 60_000,
    refetchOnWindowFocus: false,
  });
