import * as z from 'zod/mini';

/**
 * A link token as it arrives in a path (functions/lib/link-token.ts makes them): an id of letters
 * and digits, a hyphen, and a 22-character secret; parsed into the two.
 */
export const LinkToken = z.pipe(
  z.string().check(z.regex(/^[0-9A-Za-z]{1,40}-[\w-]{22}$/, 'This link is not valid.')),
  z.transform((token) => {
    const split = token.indexOf('-');
    return { id: token.slice(0, split), secret: token.slice(split + 1) };
  }),
);

/** A route whose path carries a link token: `/…/{token}`. */
export const TokenParams = z.object({ token: LinkToken });
