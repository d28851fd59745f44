/**
 * A session's page rendered into HTML on the server (functions/pages/session.ts), so a visitor's
 * first paint shows the session itself, its picture and its facts, before any script has run; the
 * browser then takes the page over from the data it carries (app/page-data.ts). The site's build
 * bundles this module for Node into web/dist-server (vite.config.ts), with the pages that build
 * wrote, so the page loads that build's scripts and style sheet like every other page.
 */
import { renderToString, renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { SessionPageRenderer } from '@schemas/session-page';
import shell from '../dist/shell.html?raw';
import home from '../dist/index.html?raw';
import { RenderedPageProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { pageDataElement } from './app/page-data';
import { routes } from './app/routes';
import { seedSession } from './features/sessions/api/sessions';
import { documentTitle } from './lib/document-title';
import { showTimesIn } from './lib/format';

const root = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;
const title = /<title>[^<]*<\/title>/;
const description = /<meta name="description" content="[^"]*" \/>/;
if (!root.test(home) || !title.test(home) || !description.test(home)) {
  throw new Error('The built home page has no root element, title or description to render into');
}

/** The page shell as built: a path with no page of its own shows it, and the browser's router decides. */
export const shellPage: SessionPageRenderer['shellPage'] = shell;

/**
 * The session's page: its content, title and description, and the data it was rendered from.
 * Times are shown in `timeZone` (the site's, named) until the browser shows the visitor's own.
 */
export const renderSessionPage: SessionPageRenderer['renderSessionPage'] = async (session, timeZone) => {
  showTimesIn(timeZone);
  seedSession(queryClient, session);
  try {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(`/sessions/${encodeURIComponent(session.id)}`, 'http://site')));
    if (context instanceof Response) throw new Error(`The session page answered ${context.status} instead of rendering`);
    const html = await renderToStringAsync(
      <RenderedPageProviders>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </RenderedPageProviders>,
    );
    // Into the home page's document, whose scripts wait for the first paint (src/prerender.tsx): like
    // the home page's heading, the session's picture paints without competing with them on a phone.
    return home
      .replace(title, renderToString(<title>{documentTitle(session.title)}</title>))
      .replace(description, renderToString(<meta name="description" content={summary(session.description)} />))
      .replace(root, `<div id="root">${html}</div>${pageDataElement(queryClient)}`);
  } finally {
    // Nothing of one render may reach the next: the next visitor's page starts from its own session.
    queryClient.clear();
  }
};

/** The description's first words, as search results show them (about 160 characters). */
function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 160 ? flat : `${flat.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}
