/**
 * Renders the public pages' HTML at build time, so a first visit paints from HTML and CSS before
 * any script runs; the browser then renders the same tree over it, reusing its elements (main.tsx). Run by
 * the build (web/vite.config.ts) in a Node process of its own with the built page's directory:
 *   index.html  the home page: header, hero, footer and the schedule's loading skeleton (its data
 *               is always the API's, fetched as the page starts)
 *   shell.html  every other page: header and footer around the loading skeleton
 */
import './first-visit-environment';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'preact-render-to-string';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SHELL_PAGE } from '../../infra/site-files';
import { PageProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { routes } from './app/routes';

const rootElement = '<div id="root"></div>';

function renderPage(path: string): string {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The toasts' region is left to the browser, which mounts it with the first page that can raise one.
  const html = renderToString(
    <PageProviders>
      <RouterProvider router={router} />
    </PageProviders>,
  );
  router.dispose();
  // The queries the page started would keep this process alive until their cache time ends.
  queryClient.clear();
  return html;
}

const dist = process.argv[2];
const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes(rootElement)) throw new Error(`The built index.html has no ${rootElement} to render into`);
const pages = [
  { file: 'index.html', path: '/' },
  // Any path of a page loaded on demand shows the same shell; this one matches no page.
  { file: SHELL_PAGE, path: `/${SHELL_PAGE}` },
];
for (const { file, path } of pages) {
  const html = renderPage(path);
  writeFileSync(join(dist, file), template.replace(rootElement, `<div id="root">${html}</div>`));
}
