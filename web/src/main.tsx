import './lib/zod-config';
import { StrictMode } from 'react';
import { render } from 'preact';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { renderedWithContent, router } from './app/router';
import { reloadOnStaleChunks } from './app/stale-chunks';
import './index.css';

reloadOnStaleChunks(() => router.state.navigation.state !== 'idle');

// Preact's own render, not React's createRoot (which empties the page first): it takes over the
// pre-rendered elements in place, correcting whatever differs, so what painted stays painted.
const start = () =>
  render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
    document.getElementById('root')!,
  );

// A page rendered with its content already shows it: until its route's code is in, the router
// would render the loading skeleton over it.
if (renderedWithContent && !router.state.initialized) {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    start();
  });
} else start();
