import * as z from 'zod/mini';
import { openRoute, type HttpResult } from '../lib/route-handler';
import { environment } from '../lib/environment';
import { logger } from '../lib/logger';
import { IdParams } from '../lib/params';
import { getPublishedSession, toSessionView } from '../domain/records/sessions';
import { renderSessionPage, shellPage } from '../../web/dist-server/render-session-page.mjs';

/**
 * Every path under /sessions/ is a page (the catalogue's greedy id): one that names no session is
 * the site's 404, which the browser's page explains ('Session not found'), not a refusal in JSON.
 */
const PageParams = z.object({ id: z.string() });

/**
 * CloudFront keeps a page for a minute and serves it while it asks for a newer one in the
 * background, or while the function fails. Whatever its age, the app asks for the page's data again
 * once it has started (web/src/app/page-data.ts).
 */
const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=86400, stale-if-error=86400';

const page = (status: number, html: string, cacheControl = PAGE_CACHE_CONTROL): HttpResult => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl },
  text: html,
});

/** A session's page, rendered with its content so the first paint needs no script. */
export const handler = openRoute({ params: PageParams }, async ({ params }) => {
  // '/sessions/{id}/', as the browser's router reads it, is the same page.
  const id = params.id.replace(/\/$/, '');
  try {
    const session = IdParams.safeParse({ id }).success ? await getPublishedSession(id) : undefined;
    if (!session) return page(404, shellPage);
    const site = { timeZone: environment('SITE_TIME_ZONE'), siteUrl: environment('SITE_URL') };
    return page(200, await renderSessionPage(toSessionView(session), site));
  } catch (error) {
    // The page shell instead, never kept: the app then asks the API for the session itself.
    logger.error('The session page could not be rendered', { sessionId: id, error });
    return page(503, shellPage, 'no-store');
  }
});
