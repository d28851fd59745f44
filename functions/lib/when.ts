import { environment } from './environment';

// E-mails and Stripe's checkout page cannot know the reader's zone, so they name the teacher's.
const timeZone = () => environment('SITE_TIME_ZONE');

/** A session's start in words, in the teacher's time zone, named: 'Tuesday, 9 June 2026 at 6:15 pm (Europe/London)'. */
export function formatWhen(startTime: string): string {
  const words = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    // 1 to 12: en-GB's hour12 counts 0 to 11 and would print noon as '00:00 pm'.
    hourCycle: 'h12',
    timeZone: timeZone(),
  }).format(new Date(startTime));
  return `${words} (${timeZone()})`;
}

/** A time of day as the site writes it ('h:mm a'), in the teacher's time zone, named: '12:50 AM (Europe/London)'. */
export function formatClockTime(time: Date): string {
  const words = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: timeZone(),
  }).format(time);
  return `${words} (${timeZone()})`;
}
