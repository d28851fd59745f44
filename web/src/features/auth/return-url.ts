/** The browser key (docs/product.md#formats-and-limits): where to go once signed in, kept across sign-in and used once. */
export const RETURN_URL_KEY = 'auth_return_url';

const SITE = 'https://site.invalid';

/**
 * Only paths of this site: never another origin, whatever the stored value says. The value is
 * read as the browser reads it (which drops tabs and newlines and takes a backslash for a slash,
 * so '/<tab>/evil.example' is '//evil.example'), and the path it names is what is used.
 */
function sitePath(value: string): string | undefined {
  if (!value.startsWith('/')) return undefined;
  try {
    const url = new URL(value, SITE);
    return url.origin === SITE ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

export function saveReturnUrl(value: string) {
  const path = sitePath(value);
  if (!path) return;
  try {
    localStorage.setItem(RETURN_URL_KEY, path);
  } catch {
    // Without storage the member lands on the dashboard instead.
  }
}

/** Reads and removes the saved return URL. */
export function takeReturnUrl(): string | undefined {
  try {
    const saved = localStorage.getItem(RETURN_URL_KEY);
    localStorage.removeItem(RETURN_URL_KEY);
    return saved ? sitePath(saved) : undefined;
  } catch {
    return undefined;
  }
}

/** Where a member goes after signing in: the saved return URL, the purchase, or the dashboard. */
export function afterSignIn(search: URLSearchParams): string {
  return takeReturnUrl() ?? (search.get('purchase') === 'true' ? '/birth-recordings?purchase=true' : '/dashboard');
}
