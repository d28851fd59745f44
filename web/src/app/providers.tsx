import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { CurrencyProvider } from '@/features/currency/currency-context';

// The spec's data cache: five minutes, one retry, refetch on focus.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: true } },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CurrencyProvider>
        {children}
        <Toaster position="top-center" duration={4000} visibleToasts={3} richColors closeButton />
      </CurrencyProvider>
    </QueryClientProvider>
  );
}
