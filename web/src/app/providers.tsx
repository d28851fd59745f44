import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { CurrencyProvider } from '@/features/currency/currency-context';

// Toasts only follow an action, so their library loads after the first paint.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** What every page reads: server state and the visitor's currency. The build pre-renders pages inside these alone. */
export function PageProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CurrencyProvider>{children}</CurrencyProvider>
    </QueryClientProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <PageProviders>
      {children}
      <Suspense fallback={null}>
        <Toaster position="top-center" duration={4000} visibleToasts={3} richColors closeButton />
      </Suspense>
    </PageProviders>
  );
}
