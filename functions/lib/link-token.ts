import { randomBytes, timingSafeEqual } from 'node:crypto';

// A link that acts for someone who has not signed in (a guest's 'Manage booking', a place on a
// waitlist): the item's id, then a secret stored on the item that only the link's e-mail carries.
// A random secret rather than a signature, so no key is kept and one link can be revoked alone.

/** A new secret: 128 random bits, URL-safe (22 characters). */
export const newLinkSecret = () => randomBytes(16).toString('base64url');

/**
 * The token of an item's link: the id, a hyphen (ids have none), the secret. No dot: the site
 * serves a path that looks like a file name ('x.y') as a file, not as a page.
 */
export const linkToken = (id: string, secret: string) => `${id}-${secret}`;

/** Whether a token's secret is the one stored on its item, compared in constant time. */
export function linkSecretMatches(stored: string | undefined, given: string): boolean {
  if (stored === undefined) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
