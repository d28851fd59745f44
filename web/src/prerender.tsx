/**
 * Renders the public pages' HTML at build time, so a first visit paints from HTML and CSS before
 * any script runs; the browser then renders the same tree over it, reusing its elements (main.tsx). Run by
 * the build (web/vite.config.ts) in a Node process of its own with the built page's directory:
 *   the pages of PRERENDERED_PAGES (infra/site-files.ts), each with its content as a visitor first
 *               sees it: the home page (header, hero, footer and the schedule's loading skeleton,
 *               whose data is always the API's, fetched as the page starts), the recordings library
 *               (its introduction, with the package and recordings loading)
 *   shell.html  every other page: header and footer around the loading skeleton (a session's
 *               page is rendered on the server instead: src/render-session-page.tsx)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'preact-render-to-string';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PRERENDERED_PAGES, SHELL_PAGE, type PrerenderedPath } from '../../infra/site-files';
import { RenderedPageProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { intoDocument, renderPage, withRoutePreloads, type BuildManifest, type PageHead } from './app/render-page';
import { routes } from './app/routes';
import { documentTitle } from './lib/document-title';

/** The page shell: the header and footer around the skeleton a page shows while its code loads. */
function renderShell(): string {
  const router = createMemoryRouter(routes, { initialEntries: [`/${SHELL_PAGE}`] });
  // The toasts' region is left to the browser, which mounts it with the first page that can raise one.
  const html = renderToString(
    <RenderedPageProviders>
      <RouterProvider router={router} />
    </RenderedPageProviders>,
  );
  router.dispose();
  return `<div id="root">${html}</div>`;
}

/**
 * What the pre-rendered pages other than the home page (which keeps index.html's head and whose
 * code is the app's entry) have of their own: their title and description, and the module of their
 * route's code (as app/routes.tsx imports it), asked for with the app's scripts.
 */
const pages: Record<Exclude<PrerenderedPath, '/'>, { head: PageHead; module: string }> = {
  '/birth-recordings': {
    head: {
      title: documentTitle('Birth Recordings'),
      meta: (
        <meta
          name="description"
          content="Guided birth breathwork recordings to practise through pregnancy, take into labour and return to after birth."
        />
      ),
    },
    module: 'src/routes/birth-recordings.tsx',
  },
};

/**
 * A pre-rendered page's largest element is in its HTML (the home page's heading, the library's
 * introduction), so its scripts wait in a template that the boot script adds once the page has
 * painted (src/boot.ts): on a phone they do not compete with the style sheet for bandwidth (a
 * session's page, rendered on the server into the home page's document, likewise). The shell keeps
 * them as built, since what its pages show comes from the API, which their scripts ask for.
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
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
const deferred = scriptsAfterFirstPaint(template, manifest['src/boot.ts'].file);
// Rendered as at the site's own address: none of these pages shows it.
const origin = 'http://localhost';
for (const [path, file] of Object.entries(PRERENDERED_PAGES) as [PrerenderedPath, string][]) {
  const own = path === '/' ? undefined : pages[path];
  const document = own ? withRoutePreloads(deferred, manifest, own.module) : deferred;
  writeFileSync(join(dist, file), intoDocument(document, await renderPage(new URL(path, origin)), own?.head));
  // The queries the page started would keep this process alive until their cache time ends.
  queryClient.clear();
}
writeFileSync(join(dist, SHELL_PAGE), intoDocument(template, renderShell()));
