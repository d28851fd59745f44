import * as z from 'zod/mini';

// Control characters (CR, LF, NUL ...), and the invisible marks that reorder text on screen.
// eslint-disable-next-line no-control-regex
const forbidden = /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
// Half of a surrogate pair without the other half is not text.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What a form says of a field left blank: '<label> is required' unless the form has its own words. */
export type BlankMessage = { blank?: string };

/**
 * A line of text a person types (a name, a title): trimmed, required, at most `max` characters,
 * and free of control characters, bidirectional overrides and lone surrogates.
 */
export function lineOfText(label: string, max: number, { blank = `${label} is required` }: BlankMessage = {}) {
  return z.string({ error: blank }).check(
    z.trim(),
    // Nothing typed is only that: no further message about the same empty field.
    z.minLength(1, { error: blank, abort: true }),
    z.maxLength(max, `${label} is too long`),
    z.refine((text) => !forbidden.test(text) && !loneSurrogate.test(text), `${label} contains characters that are not allowed`),
  );
}

// Characters that take no space on screen (zero-width spaces and joiners, soft hyphens, ...).
const formatCharacters = /\p{Cf}/gu;
// Letters that show nothing (the Hangul fillers): a name of them alone looks blank.
const blankLetters = /[\u115F\u1160\u3164\uFFA0]/g;
// Full stops that browsers read as dots in a web address (ideographic, and half-width).
const addressDots = /[\u3002\uFF61]/g;
// A scheme ('https://'), 'www.', a dot between a letter or digit and two letters ('evil.example',
// 'bit.ly'; also 'J.Smith', which is written 'J. Smith' instead), or an IPv4 address.
const linkLike = /:\/\/|\bwww\.|[\p{L}\p{N}]\.\p{L}{2}|\b\d{1,3}(?:\.\d{1,3}){3}\b/iu;

/** The text as a reader sees it: compatibility forms folded (fullwidth 'ｅｘａｍｐｌｅ．com'), invisible marks gone. */
const asSeen = (text: string) => text.normalize('NFKC').replace(formatCharacters, '').replace(addressDots, '.');

/**
 * A person's name, wherever one is accepted: a line of text that holds at least one visible letter
 * and no link or web address, since names are repeated in e-mails sent to any address we are given.
 */
export function personName(label: string, max: number, messages?: BlankMessage) {
  return lineOfText(label, max, messages).check(
    z.refine((name) => /\p{L}/u.test(asSeen(name).replace(blankLetters, '')), `${label} must contain a letter`),
    z.refine((name) => !linkLike.test(asSeen(name)), `${label} must not contain a link or web address`),
  );
}
