import * as z from 'zod/mini';
import { httpRoute, type HttpResult } from '../lib/http';
import { environment } from '../lib/environment';
import { IdParams } from '../lib/params';
import { getSession, toSessionView } from '../domain/sessions';
import { renderSessionPage, shellPage } from '../../web/dist-server/render-session-page.mjs';

/**
 * Every path under /sessions/ is a page (the catalogue's greedy id): one that names no session is
 * the site's 404, which the browser's page explains ('Session not found'), not a refusal in JSON.
 */
const PageParams = z.object({ id: z.string() });

/**
 * CloudFront keeps a page for a minute and serves it while it asks for a newer one in the
 * background. Whatever its age, the page carries the time its data was read, and the browser asks
 * again for data older than the site's cache allows.
 */
const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=86400';

const page = (status: number, html: string): HttpResult => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': PAGE_CACHE_CONTROL },
  text: html,
});

/** A session's page, rendered with its content so the first paint needs no script. */
export const handler = httpRoute({ params: PageParams }, async ({ params }) => {
  const session = IdParams.safeParse(params).success ? await getSession(params.id) : undefined;
  if (!session) return page(404, shellPage);
  const site = { timeZone: environment('SITE_TIME_ZONE'), siteUrl: environment('SITE_URL') };
  return page(200, await renderSessionPage(toSessionView(session), site));
});
