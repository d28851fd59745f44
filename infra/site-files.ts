/**
 * How the built site's files are cached, declared once: the CDK deployment uploads them to S3 with
 * these Cache-Control values (which CloudFront passes on), and the local server sends the same.
 */

/** Where Vite writes the files whose names carry a hash of their content (its default `assetsDir`). */
export const HASHED_ASSETS_DIR = 'assets';

/**
 * The page served for every path of the site but `/` (which is index.html, the pre-rendered home
 * page) and the pages the API renders (functions/pages): the header and footer around a loading
 * skeleton, until the router shows the page.
 */
export const SHELL_PAGE = 'shell.html';

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
