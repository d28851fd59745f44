/**
 * How the built site's files are cached, declared once: the CDK deployment uploads them to S3 with
 * these Cache-Control values (which CloudFront passes on), and the local server sends the same.
 */

/** Where Vite writes the files whose names carry a hash of their content (its default `assetsDir`). */
export const HASHED_ASSETS_DIR = 'assets';

/**
 * The page served for every path of the site with no file of its own (below) and no page the API
 * renders (functions/pages): the header and footer around a loading skeleton, until the router shows
 * the page.
 */
export const SHELL_PAGE = 'shell.html';

/**
 * The pages the build renders with their content (web/src/prerender.tsx), each in a file of its
 * own, so their first paint needs no script: the home page, and the recordings library, whose
 * introduction is the largest thing a phone shows.
 */
export const PRERENDERED_PAGES = {
  '/': 'index.html',
  '/birth-recordings': 'birth-recordings.html',
} as const satisfies Record<string, string>;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/**
 * The file a path of the site is served from, as the local server decides it: a pre-rendered
 * page its file (with a slash after it, as the browser's router reads it, the same page), any
 * other path without a file extension (a page of the app) the page shell, and a file itself.
 */
export function siteFileFor(path: string): string {
  const page = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (Object.hasOwn(PRERENDERED_PAGES, page)) return `/${PRERENDERED_PAGES[page as PrerenderedPath]}`;
  return path.includes('.') ? path : `/${SHELL_PAGE}`;
}

/**
 * The same decision as a CloudFront Function (cloudfront-js-2.0) makes it for the distribution,
 * rewriting the request's path in place: infra/stack.test.ts runs it against siteFileFor.
 */
export const siteFileFunctionCode = `var pages = ${JSON.stringify(PRERENDERED_PAGES)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var page = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  if (Object.prototype.hasOwnProperty.call(pages, page)) request.uri = '/' + pages[page];
  else if (uri.indexOf('.') === -1) request.uri = '/${SHELL_PAGE}';
  return request;
}`;

export const siteCacheControl = {
  /** A hashed file never changes under its name: kept by browsers for a year, never asked again. */
  hashed: 'public, max-age=31536000, immutable',
  /** index.html, config.json and the rest keep their names across deploys: asked again (ETag) on every use. */
  revalidated: 'no-cache',
} as const;

/** The Cache-Control of a file of the site, by its path ('/assets/index-1a2b3c.js', '/index.html'). */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith(`/${HASHED_ASSETS_DIR}/`) ? siteCacheControl.hashed : siteCacheControl.revalidated;
}
