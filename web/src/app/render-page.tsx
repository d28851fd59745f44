/**
 * A page of the app rendered into HTML with its content, outside a browser: by the build for the
 * pages that are the same for every visitor (src/prerender.tsx), and on the server for a session's
 * page (src/render-session-page.tsx). The browser then takes the page over where it stands (main.tsx).
 */
import { renderToString, renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { RenderedPageProviders } from './providers';
import { queryClient } from './query-client';
import { PAGE_DATA_ID, pageDataElement } from './page-data';
import { routes } from './routes';

/**
 * The page at `url` as a visitor who is not signed in first sees it: its route's code loaded and
 * its loader run (as the browser's router does before showing it), then rendered from what the
 * app's query cache holds. The HTML ends with the data it was rendered from, which the browser
 * starts from (app/page-data.ts) and which tells it the page came rendered. Throws when the route
 * does not answer 200.
 */
export async function renderPage(url: URL): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors || context.statusCode !== 200) {
    throw new Error(`${url.pathname} did not render: ${context instanceof Response ? context.status : context.statusCode}`);
  }
  const html = await renderToStringAsync(
    <RenderedPageProviders>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </RenderedPageProviders>,
  );
  return `<div id="root">${html}</div>${pageDataElement(queryClient)}`;
}

/** The root element, with the data of the page it holds when it holds a rendered one (the home page's). */
const root = new RegExp(
  `<div id="root">[\\s\\S]*</div>(<script type="application/json" id="${PAGE_DATA_ID}">[^<]*</script>)?(?=\\s*</body>)`,
);
const title = /<title>[^<]*<\/title>/;
// As Vite writes it (' />') and as Preact does ('/>'), so a page rendered once can be a template again.
const description = /<meta name="description" content="[^"]*"\s*\/?>/;

/** Throws unless `document` has a root element, a title and a description to render into. */
export function checkTemplate(document: string): void {
  if (!root.test(document) || !title.test(document) || !description.test(document)) {
    throw new Error('The built page has no root element, title or description to render into');
  }
}

/** A page's own head: its title, and its description with any other meta tags. */
export type PageHead = { title: string; meta: ReactNode };

/**
 * The built page `document` with a page's rendered root element in place of its own and, when
 * given, the page's head in place of the document's title and description. Each part is put in by
 * a function, so a '$&' in a text (an administrator's) stays text, not a replacement pattern.
 */
export function intoDocument(document: string, rendered: string, head?: PageHead): string {
  checkTemplate(document);
  const headed = head
    ? document
        .replace(title, () => renderToString(<title>{head.title}</title>))
        .replace(description, () => renderToString(<>{head.meta}</>))
    : document;
  return headed.replace(root, () => rendered);
}

/** Vite's build manifest (dist/.vite/manifest.json): each module's built file and the chunks it imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The document with the code of the page's route (`module`, its source path as the manifest names
 * it) and every chunk that code imports asked for beside the app's own scripts, in the template
 * they wait in until the first paint (src/prerender.tsx), rather than once the app has started
 * and its router reads the route: the page's buttons and data are live one round trip sooner.
 */
export function withRoutePreloads(document: string, manifest: BuildManifest, module: string): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build has no ${key}`);
    // The app's entry, loaded anyway, and whatever the document already asks for.
    if (key === 'index.html' || files.has(chunk.file) || document.includes(`"/${chunk.file}"`)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(module);
  const links = [...files].map((file) => `    <link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">\n`);
  if (!document.includes('    </template>')) throw new Error('The built page keeps no scripts for after its first paint');
  return document.replace('    </template>', () => `${links.join('')}    </template>`);
}
