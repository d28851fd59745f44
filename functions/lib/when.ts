// E-mails and Stripe's checkout page cannot know the reader's zone, so they name the teacher's.
const timeZone = () => process.env.SITE_TIME_ZONE ?? 'Europe/London';

/** A session's start in words, in the teacher's time zone, named. */
export function formatWhen(startTime: string): string {
  return (
    new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: timeZone(),
      hour12: true,
    }).format(new Date(startTime)) + ` (${timeZone()})`
  );
}
