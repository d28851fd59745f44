// Intl formats dates natively, so the first page load carries no date library.

/**
 * The zone times are shown in: in the browser the visitor's own (undefined). A page rendered on
 * the server shows the site's, named, until the browser has taken it over (showTimesIn).
 */
let displayTimeZone: string | undefined;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Shows every time from now on in `timeZone` ('Europe/London'): for pages rendered on the server. */
export function showTimesIn(timeZone: string) {
  displayTimeZone = timeZone;
  formatters.clear();
}

const formats = {
  longDate: { month: 'long', day: 'numeric', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit', hour12: true },
  dateParts: { month: 'short', day: 'numeric', year: 'numeric' },
  zoneName: { timeZoneName: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Each format's formatter, made once: making one is far slower than using it (a list shows many times). */
function formatterFor(format: keyof typeof formats): Intl.DateTimeFormat {
  let formatter = formatters.get(format);
  if (!formatter) {
    // The visitor's own locale names their zone; a server's, whichever it has, would name the site's differently.
    const locale = format === 'zoneName' && !displayTimeZone ? undefined : 'en-US';
    formatter = new Intl.DateTimeFormat(locale, { ...formats[format], timeZone: displayTimeZone });
    formatters.set(format, formatter);
  }
  return formatter;
}

/** 'November 30, 2026', as date-fns 'MMMM d, yyyy' would print it. */
export const formatDate = (iso: string) => formatterFor('longDate').format(new Date(iso));
/** '7:00 PM', as 'h:mm a'. */
export const formatTime = (iso: string) => formatterFor('time').format(new Date(iso));

/** The parts of a calendar leaf: 'Nov', '30', '2026'. */
export function dateParts(iso: string) {
  const parts = formatterFor('dateParts').formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { month: part('month'), day: part('day'), year: part('year') };
}

/** The zone times are shown in (the visitor's own, in the browser), named, so '7:00 PM' is never ambiguous. */
export function timeZoneName(iso: string): string {
  const part = formatterFor('zoneName')
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/** '7:00 PM GMT': a time is always shown with its zone (the visitor's own, in the browser), named. */
export const formatTimeWithZone = (iso: string) => `${formatTime(iso)} ${timeZoneName(iso)}`;

/** 'November 30, 2026, 7:00 PM GMT': a moment, as a date then its time with the zone. */
export const formatDateTime = (iso: string) => `${formatDate(iso)}, ${formatTimeWithZone(iso)}`;

/** '1h 30min', '2h' or '45min', as docs/product.md#formats-and-limits shows durations. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}min`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}min`;
}

/**
 * Where an e-mail address may wrap: after its '@' and before each dot, so 'mira.stone@example.com'
 * wraps as 'mira', '.stone@', 'example', '.com', never inside a word.
 */
export function emailWrapPoints(email: string): string[] {
  const beforeDots = (text: string) => text.split(/(?=\.)/);
  const at = email.lastIndexOf('@');
  return at === -1 ? beforeDots(email) : [...beforeDots(email.slice(0, at + 1)), ...beforeDots(email.slice(at + 1))];
}
