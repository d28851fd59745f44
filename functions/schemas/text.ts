import * as z from 'zod/mini';

// Control characters (CR, LF, NUL ...), and the invisible marks that reorder text on screen.
// eslint-disable-next-line no-control-regex
const forbidden = /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
// Half of a surrogate pair without the other half is not text.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A line of text a person types (a name, a title): trimmed, required, at most `max` characters,
 * and free of control characters, bidirectional overrides and lone surrogates.
 */
export function lineOfText(label: string, max: number) {
  return z.string({ error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} is too long`),
    z.refine((text) => !forbidden.test(text) && !loneSurrogate.test(text), `${label} contains characters that are not allowed`),
  );
}
