import { environment } from './environment';

// E-mails and Stripe's checkout page cannot know the reader's zone, so they name the teacher's.
const timeZone = () => environment('SITE_TIME_ZONE');

// The site's formats ('MMMM d, yyyy' and 'h:mm a'), in the teacher's zone.
const inSiteZone = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone() });
const clock = (time: Date) => inSiteZone({ hour: 'numeric', minute: '2-digit', hour12: true }).format(time);

/** A day as the site writes dates, with its weekday, in the teacher's zone: 'Tuesday, June 9, 2026'. */
export function formatDay(iso: string): string {
  return inSiteZone({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));
}

/** A moment in words, in the teacher's zone, named: 'Tuesday, June 9, 2026 at 6:15 PM (Europe/London)'. */
export function formatWhen(iso: string): string {
  return `${formatDay(iso)} at ${clock(new Date(iso))} (${timeZone()})`;
}

/** A session's start and end as the site writes times, the teacher's zone named: '6:15 PM – 7:45 PM (Europe/London)'. */
export function formatTimes(startTime: string, endTime: string): string {
  return `${clock(new Date(startTime))} – ${clock(new Date(endTime))} (${timeZone()})`;
}

/** A time of day as the site writes it ('h:mm a'), in the teacher's time zone, named: '12:50 AM (Europe/London)'. */
export function formatClockTime(time: Date): string {
  return `${clock(time)} (${timeZone()})`;
}

/** A moment as spreadsheets sort and read it, in the teacher's zone (named where it is shown): '2026-06-09 18:15'. */
export function formatSortableTime(iso: string): string {
  const parts = inSiteZone({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(new Date(iso))
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The teacher's time zone, as times are named: 'Europe/London'. */
export const siteTimeZone = timeZone;
