/** The spec's key: where to go once signed in, kept across the sign-in page and used once. */
export const RETURN_URL_KEY = 'auth_return_url';

/** Only paths of this site: never another origin, whatever the stored value says. */
const isSitePath = (value: string) => value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');

export function saveReturnUrl(path: string) {
  if (!isSitePath(path)) return;
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
    return saved && isSitePath(saved) ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Where a member goes after signing in: the saved return URL, the purchase, or the dashboard. */
export function afterSignIn(search: URLSearchParams): string {
  return takeReturnUrl() ?? (search.get('purchase') === 'true' ? '/birth-recordings?purchase=true' : '/dashboard');
}
