/**
 * Renders the public pages' HTML at build time, so a first visit paints from HTML and CSS before
 * any script runs; the browser then renders the same tree over it, reusing its elements (main.tsx). Run by
 * the build (web/vite.config.ts) in a Node process of its own with the built page's directory:
 *   index.html  the home page: header, hero, footer and the schedule's loading skeleton (its data
 *               is always the API's, fetched as the page starts)
 *   shell.html  every other page: header and footer around the loading skeleton (a session's
 *               page is rendered on the server instead: src/render-session-page.tsx)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'preact-render-to-string';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SHELL_PAGE } from '../../infra/site-files';
import { RenderedPageProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { routes } from './app/routes';

const rootElement = '<div id="root"></div>';

function renderPage(path: string): string {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The toasts' region is left to the browser, which mounts it with the first page that can raise one.
  const html = renderToString(
    <RenderedPageProviders>
      <RouterProvider router={router} />
    </RenderedPageProviders>,
  );
  router.dispose();
  // The queries the page started would keep this process alive until their cache time ends.
  queryClient.clear();
  return html;
}

/**
 * The home page's largest element is its pre-rendered heading, so its scripts wait in a template
 * that the boot script adds once the page has painted (src/boot.ts): on a phone they do not
 * compete with the style sheet for bandwidth (a session's page, rendered on the server into this
 * document, likewise). The other pages keep theirs as built, since what they show comes from the
 * API, which their scripts ask for.
 */
function scriptsAfterFirstPaint(page: string, bootScript: string): string {
  const scripts = page.match(/^\s*<(script type="module"|link rel="modulepreload") .*\n/gm) ?? [];
  if (scripts.length === 0) throw new Error('The built index.html has no module script');
  const rest = scripts.reduce((html, tag) => html.replace(tag, ''), page);
  const deferred = `    <template id="app-scripts">\n${scripts.join('')}    </template>\n`;
  return rest.replace('  </head>', `${deferred}    <script type="module" crossorigin src="/${bootScript}"></script>\n  </head>`);
}

const dist = process.argv[2];
const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes(rootElement)) throw new Error(`The built index.html has no ${rootElement} to render into`);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
const bootScript = manifest['src/boot.ts'].file;
const pages = [
  { file: 'index.html', path: '/', page: scriptsAfterFirstPaint(template, bootScript) },
  // Any path of a page loaded on demand shows the same shell; this one matches no page.
  { file: SHELL_PAGE, path: `/${SHELL_PAGE}`, page: template },
];
for (const { file, path, page } of pages) {
  writeFileSync(join(dist, file), page.replace(rootElement, `<div id="root">${renderPage(path)}</div>`));
}
