import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { CurrencyProvider } from '@/features/currency/currency-context';
import { ToasterSlot } from '@/components/ui/toaster-slot';

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
      <ToasterSlot />
    </PageProviders>
  );
}
