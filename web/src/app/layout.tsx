import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { useImpersonation } from '@/features/auth/impersonation';
import { TopBar } from './top-bar';
import { Footer } from './footer';

// Only the administrator ever views the site as a user: the banner loads when she does.
const ImpersonationBanner = lazy(() => import('./impersonation-banner').then((m) => ({ default: m.ImpersonationBanner })));

/**
 * Where a page's scroll is kept: each entry of the tab's history has its own key, except the first
 * page of each visit, which is always 'default'. Those are told apart by their address, so a
 * visitor coming back from the payment page starts at the top rather than where they left another page.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname + location.search : location.key);

export function Layout() {
  const viewingAsUser = useImpersonation() !== null;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      {viewingAsUser && (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      )}
      <TopBar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
