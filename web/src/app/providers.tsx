import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { CurrencyProvider } from '@/features/currency/currency-context';
import { ToasterSlot } from '@/components/ui/toaster-slot';
import { RenderedOnServer } from '@/hooks/use-rendered-on-server';

/** What every page reads: server state and the visitor's currency. Pages rendered into HTML have these alone. */
export function PageProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CurrencyProvider>{children}</CurrencyProvider>
    </QueryClientProvider>
  );
}

/** A page rendered into HTML, by the build or on the server: until its script runs, its buttons show as loading. */
export function RenderedPageProviders({ children }: { children: ReactNode }) {
  return (
    <PageProviders>
      <RenderedOnServer.Provider value={true}>{children}</RenderedOnServer.Provider>
    </PageProviders>
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
