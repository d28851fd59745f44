/**
 * After a deploy, a tab opened before it still runs the previous build. Its chunks are kept in
 * the bucket, but should one be missing anyway (an older deploy, a cleaned bucket), the page is
 * loaded again, once: the new index.html names the new build's files.
 */

const LAST_RELOAD = 'reloaded-for-chunk';
/** The same failure again this soon after reloading for it is not a stale tab: the error is shown. */
const GUARD_MS = 60_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A script or stylesheet of the site failed to load (each browser words it its own way). */
export function isChunkLoadError(error: unknown): boolean {
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(messageOf(error));
}

/** Whether to reload for this error: a chunk failed to load, and this tab has not just reloaded for the same failure. */
export function shouldReloadFor(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  try {
    const last = JSON.parse(sessionStorage.getItem(LAST_RELOAD) ?? 'null') as { message: string; at: number } | null;
    return !(last && last.message === messageOf(error) && Date.now() - last.at < GUARD_MS);
  } catch {
    // Without storage there is no guard against reloading for ever, so no reload.
    return false;
  }
}

export function reloadFor(error: unknown) {
  sessionStorage.setItem(LAST_RELOAD, JSON.stringify({ message: messageOf(error), at: Date.now() }));
  location.reload();
}

/**
 * Vite's signal that a lazily loaded module (or a file it needs) could not be loaded: reload
 * instead of failing. Not while the router is going to another page: the address has not changed
 * yet, so the error is left to the route's error element, which reloads at the new address.
 */
export function reloadOnStaleChunks(isNavigating: () => boolean) {
  window.addEventListener('vite:preloadError', (event) => {
    if (isNavigating() || !shouldReloadFor(event.payload)) return;
    event.preventDefault();
    reloadFor(event.payload);
  });
}
