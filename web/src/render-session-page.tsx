/**
 * A session's page rendered into HTML on the server (functions/pages/session.ts), so a visitor's
 * first paint shows the session itself, its picture and its facts, before any script has run; the
 * browser then takes the page over from the data it carries (app/page-data.ts). The site's build
 * bundles this module for Node into web/dist-server (vite.config.ts), with the pages that build
 * wrote, so the page loads that build's scripts and style sheet like every other page.
 */
import { renderToString, renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { SessionView } from '@schemas/session';
import type { SessionPageRenderer } from '@schemas/session-page';
import shell from '../dist/shell.html?raw';
import home from '../dist/index.html?raw';
import { RenderedPageProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { pageDataElement } from './app/page-data';
import { routes } from './app/routes';
import { seedSession } from './features/sessions/api/sessions';
import { documentTitle, SITE_NAME } from './lib/document-title';
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
 * The session's page: its content, its title and description (with the card a link to it shows
 * where it is shared), and the data it was rendered from. Times are shown in `timeZone` (the
 * site's, named) until the browser shows the visitor's own. One render at a time: each fills the
 * app's one query cache with its session and empties it after (the local stack runs many requests
 * in one process; Lambda one per instance).
 */
export const renderSessionPage: SessionPageRenderer['renderSessionPage'] = (session, site) => {
  const page = rendering.then(() => render(session, site));
  rendering = page.catch(() => undefined);
  return page;
};
let rendering: Promise<unknown> = Promise.resolve();

async function render(session: SessionView, { timeZone, siteUrl }: Parameters<SessionPageRenderer['renderSessionPage']>[1]) {
  showTimesIn(timeZone);
  const path = `/sessions/${encodeURIComponent(session.id)}`;
  seedSession(queryClient, session);
  try {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(path, siteUrl)));
    if (context instanceof Response || context.errors || context.statusCode !== 200) {
      throw new Error(`The session page did not render: ${context instanceof Response ? context.status : context.statusCode}`);
    }
    const html = await renderToStringAsync(
      <RenderedPageProviders>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </RenderedPageProviders>,
    );
    const parts = {
      title: renderToString(<title>{documentTitle(session.title)}</title>),
      meta: renderToString(<PageMeta session={session} url={new URL(path, siteUrl)} />),
      root: `<div id="root">${html}</div>${pageDataElement(queryClient)}`,
    };
    // Into the home page's document, whose scripts wait for the first paint (src/prerender.tsx): like
    // the home page's heading, the session's picture paints without competing with them on a phone.
    // Each part by a function, so a '$&' the administrator wrote stays text, not a replacement pattern.
    return home
      .replace(title, () => parts.title)
      .replace(description, () => parts.meta)
      .replace(root, () => parts.root);
  } finally {
    // Nothing of one render may reach the next: the next visitor's page starts from its own session.
    queryClient.clear();
  }
}

/** The page's description, and the card (Open Graph) that messaging apps and social sites show for a shared link. */
function PageMeta({ session, url }: { session: SessionView; url: URL }) {
  const description = summary(session.description);
  return (
    <>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={session.title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url.href} />
      {session.thumbnailUrl && <meta property="og:image" content={new URL(session.thumbnailUrl, url).href} />}
    </>
  );
}

/** The description's first words, as search results show them (about 160 characters). */
function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 160 ? flat : `${flat.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}
