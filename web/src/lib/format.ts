// Intl formats dates natively, so the first page load carries no date library.
const en = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options);
const longDate = en({ month: 'long', day: 'numeric', year: 'numeric' });
const time = en({ hour: 'numeric', minute: '2-digit', hour12: true });
const shortMonth = en({ month: 'short' });

/** 'November 30, 2026', as date-fns 'MMMM d, yyyy' would print it. */
export const formatDate = (iso: string) => longDate.format(new Date(iso));
/** '7:00 PM', as 'h:mm a'. */
export const formatTime = (iso: string) => time.format(new Date(iso));

/** The parts of a calendar leaf: 'Nov', '30', '2026'. */
export function dateParts(iso: string) {
  const date = new Date(iso);
  return { month: shortMonth.format(date), day: String(date.getDate()), year: String(date.getFullYear()) };
}

/** The visitor's own zone, named, so '7:00 PM' is never ambiguous. */
export function timeZoneName(iso: string): string {
  const part = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/** '7:00 PM GMT': a time is always shown with its zone, the visitor's own, named. */
export const formatTimeWithZone = (iso: string) => `${formatTime(iso)} ${timeZoneName(iso)}`;

/** '1h 30min', '2h' or '45min', as the spec shows durations. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}min`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}min`;
}
