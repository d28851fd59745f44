export const SITE_NAME = 'Breathwork';

/** What the home page's tab says, as index.html does before the site's script runs. */
const HOME_TITLE = `${SITE_NAME} · Live sessions and recordings`;

/** '<page> · Breathwork' for a page; the home page's own title without one. */
export function documentTitle(page?: string): string {
  const name = page?.trim();
  return name ? `${name} · ${SITE_NAME}` : HOME_TITLE;
}
