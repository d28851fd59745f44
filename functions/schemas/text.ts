import * as z from 'zod/mini';

// Control characters (CR, LF, NUL ...), and the invisible marks that reorder text on screen.
// eslint-disable-next-line no-control-regex
const forbidden = /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
// Half of a surrogate pair without the other half is not text.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What a form says of a field left blank: '<label> is required' unless the form has its own words. */
export type BlankMessage = { blank?: string };

/**
 * A line of text a person types (a name, a title): trimmed, composed (NFC: 'José' typed as 'e' and
 * a combining accent is the same text as with 'é'), required, at most `max` characters, and free
 * of control characters, bidirectional overrides and lone surrogates.
 */
export function lineOfText(label: string, max: number, { blank = `${label} is required` }: BlankMessage = {}) {
  return z.string({ error: blank }).check(
    z.trim(),
    z.normalize('NFC'),
    // Nothing typed is only that: no further message about the same empty field.
    z.minLength(1, { error: blank, abort: true }),
    z.maxLength(max, `${label} is too long`),
    z.refine((text) => !forbidden.test(text) && !loneSurrogate.test(text), {
      error: `${label} contains characters that are not allowed`,
      abort: true,
    }),
  );
}

// Characters that take no space on screen (zero-width spaces and joiners, the word joiner, the
// byte-order mark, the combining grapheme joiner, variation selectors, soft hyphens, the Hangul
// fillers that show as blank letters, ...): Unicode's default-ignorable code points, and the other
// format characters.
const invisible = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
const everyInvisible = new RegExp(invisible, 'gu');
// Accents and other combining marks, which a reader sees as part of the letter they sit on.
const combiningMarks = /\p{M}/gu;
// Full stops that browsers read as dots in a web address (ideographic, and half-width).
const addressDots = /[\u3002\uFF61]/g;
// A scheme ('https://'), 'www.', a dot between a letter or digit and two letters ('evil.example',
// 'bit.ly'; also 'J.Smith', which is written 'J. Smith' instead), or an IPv4 address.
const linkLike = /:\/\/|\bwww\.|[\p{L}\p{N}]\.\p{L}{2}|\b\d{1,3}(?:\.\d{1,3}){3}\b/iu;

/**
 * The text as a reader sees it: compatibility forms folded (fullwidth 'ｅｘａｍｐｌｅ．com'), invisible
 * characters and combining marks gone ('evil.\u034Fcom', 'evil.c\u0334om' read as evil.com).
 */
const asSeen = (text: string) =>
  text.normalize('NFKC').replace(everyInvisible, '').replace(combiningMarks, '').replace(addressDots, '.');

// A joiner belongs to a word of a script written with them, after one of its letters or marks
// (Persian 'نرگس\u200Cزاده', Devanagari and Sinhala conjuncts).
const joinerInWord =
  /(?<=[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}\p{scx=Myanmar}\p{scx=Khmer}])[\u200C\u200D]/gu;
// An emoji, with its skin tone, presentation selector and the joiners between its parts ('👩🏽‍🍼').
const emoji =
  /\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?(?:\u200D\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?)*/gu;
// A combining mark with no letter under it (at the start, after a space, a dot or a digit): NFC
// joins it to nothing, and it shows over a neighbour, hiding what the text says.
const markOnNoLetter = /(?<![\p{L}\p{M}])\p{M}/u;

/** The name without what may stand in it invisibly: emoji (kept apart by a space) and the joiners of a word. */
const withoutAllowedJoins = (name: string) => name.replace(emoji, ' ').replace(joinerInWord, '');

/**
 * A person's name, wherever one is accepted: a line of text that holds at least one visible letter,
 * no link or web address, and no invisible character or combining mark on no letter (names are
 * repeated in e-mails sent to any address we are given, and such characters hide what a reader
 * sees). One message a name: the first rule it breaks.
 */
export function personName(label: string, max: number, messages?: BlankMessage) {
  return lineOfText(label, max, messages).check(
    z.refine((name) => /\p{L}/u.test(asSeen(name)), { error: `${label} must contain a letter`, abort: true }),
    z.refine((name) => !linkLike.test(asSeen(name)), { error: `${label} must not contain a link or web address`, abort: true }),
    z.refine((name) => !invisible.test(withoutAllowedJoins(name)), {
      error: `${label} must not contain invisible characters`,
      abort: true,
    }),
    z.refine(
      (name) => !markOnNoLetter.test(withoutAllowedJoins(name)),
      `${label} must not contain an accent or mark without a letter`,
    ),
  );
}
