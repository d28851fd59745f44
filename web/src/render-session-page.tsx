/**
 * A session's page rendered into HTML on the server (functions/pages/session.ts), so a visitor's
 * first paint shows the session itself, its picture and its facts, before any script has run; the
 * browser then takes the page over from the data it carries (app/page-data.ts). The site's build
 * bundles this module for Node into web/dist-server (vite.config.ts), with the pages that build
 * wrote, so the page loads that build's scripts and style sheet like every other page.
 */
import type { SessionView } from '@schemas/session';
import type { SessionPageRenderer } from '@schemas/session-page';
import shell from '../dist/shell.html?raw';
import home from '../dist/index.html?raw';
import manifest from '../dist/.vite/manifest.json?raw';
import { queryClient } from './app/query-client';
import { checkTemplate, intoDocument, renderPage, withRoutePreloads, type BuildManifest } from './app/render-page';
import { seedSession } from './features/sessions/api/sessions';
import { documentTitle, SITE_NAME } from './lib/document-title';
import { showTimesIn } from './lib/format';
import { scriptJson, sessionEventData } from './features/sessions/event-data';

/** The home page's document, asking for a session page's code with the app's scripts. Made (and checked) when the function loads. */
const sessionDocument = withRoutePreloads(home, JSON.parse(manifest) as BuildManifest, 'src/routes/session-detail.tsx');
checkTemplate(sessionDocument);

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
  const url = new URL(`/sessions/${encodeURIComponent(session.id)}`, siteUrl);
  seedSession(queryClient, session);
  try {
    // Into the home page's document, whose scripts wait for the first paint (src/prerender.tsx): like
    // the home page's heading, the session's picture paints without competing with them on a phone.
    return intoDocument(sessionDocument, await renderPage(url), {
      title: documentTitle(session.title),
      meta: <PageMeta session={session} url={url} siteUrl={siteUrl} timeZone={timeZone} />,
    });
  } finally {
    // Nothing of one render may reach the next: the next visitor's page starts from its own session.
    queryClient.clear();
  }
}

/**
 * The page's description, the card (Open Graph) that messaging apps and social sites show for a
 * shared link, and the session as an Event (JSON-LD) for search engines.
 */
function PageMeta({ session, url, siteUrl, timeZone }: { session: SessionView; url: URL; siteUrl: string; timeZone: string }) {
  const description = summary(session.description);
  const event = sessionEventData(session, { pageUrl: url.href, siteUrl, siteName: SITE_NAME, timeZone });
  return (
    <>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={session.title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url.href} />
      {session.thumbnailUrl && <meta property="og:image" content={new URL(session.thumbnailUrl, url).href} />}
      {/* Data, never run: the page's policy allows no inline script, and needs none for this. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(event) }} />
    </>
  );
}

/** The description's first words, as search results show them (about 160 characters). */
function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 160 ? flat : `${flat.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}
