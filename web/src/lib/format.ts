import { format } from 'date-fns';

export const formatDate = (iso: string) => format(new Date(iso), 'MMMM d, yyyy');
export const formatTime = (iso: string) => format(new Date(iso), 'h:mm a');

/** The visitor's own zone, named, so '7:00 PM' is never ambiguous. */
export function timeZoneName(iso: string): string {
  const part = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/** '1h 30min', '2h' or '45min', as the spec shows durations. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}min`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}min`;
}
