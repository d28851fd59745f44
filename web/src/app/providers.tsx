import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CurrencyProvider } from '@/features/currency/currency-context';

// Toasts only follow an action, so their library loads after the first paint.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

// The spec's data cache: five minutes, one retry, refetch on focus.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: true } },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CurrencyProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster position="top-center" duration={4000} visibleToasts={3} richColors closeButton />
        </Suspense>
      </CurrencyProvider>
    </QueryClientProvider>
  );
}
