import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { CurrencyProvider } from '@/features/currency/currency-context';

// Toasts only follow an action, so their library loads after the first paint.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

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
