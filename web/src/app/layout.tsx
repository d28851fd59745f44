import { Outlet, ScrollRestoration } from 'react-router';
import { TopBar } from './top-bar';
import { Footer } from './footer';
import { ImpersonationBanner } from './impersonation-banner';

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <ImpersonationBanner />
      <TopBar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
