import * as z from 'zod/mini';
import { TZDate } from '@date-fns/tz';

// A recurring series of sessions: the dates a rule gives, each at the same time of day in the
// teacher's zone (19:00 in London is 19:00 in winter and in summer), read the same way by the
// server that creates the sessions and by the admin's form that shows them first.

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];
const weekdayNames: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** The most dates one series makes: a weekly class for a year, with room to spare. */
export const MAX_SERIES_DATES = 60;

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date'));

/**
 * When a series meets: from its first date, weekly on the chosen days or monthly on the nth
 * weekday ('first Tuesday'; 5 is the fifth, which a month without one skips), at a time of day in
 * the teacher's zone, until a date or for a number of dates.
 */
export const SeriesSchedule = z.object({
  firstDate: isoDay,
  time: z.string({ error: 'Choose a time' }).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a time')),
  repeat: z.discriminatedUnion(
    'every',
    [
      z.object({
        every: z.literal('week'),
        days: z.array(z.enum(weekdays, { error: 'Choose the days it meets' })).check(z.minLength(1, 'Choose the days it meets')),
      }),
      z.object({
        every: z.literal('month'),
        week: z.int({ error: 'Choose which week of the month' }).check(z.minimum(1), z.maximum(5)),
        day: z.enum(weekdays, { error: 'Choose the day it meets' }),
      }),
    ],
    { error: 'Choose weekly or monthly' },
  ),
  ends: z.union(
    [
      z.object({ until: isoDay }),
      z.object({
        count: z
          .int({ error: 'The number of dates must be a whole number' })
          .check(
            z.minimum(1, 'A series has at least one date'),
            z.maximum(MAX_SERIES_DATES, `A series has at most ${MAX_SERIES_DATES} dates`),
          ),
      }),
    ],
    { error: 'Choose when it ends' },
  ),
});
export type SeriesSchedule = z.infer<typeof SeriesSchedule>;

const ordinals = ['first', 'second', 'third', 'fourth', 'fifth'];

/** The rule in words, as lists and e-mails name the series: 'Every first Tuesday', 'Every Monday and Thursday'. */
export function describeRepeat(repeat: SeriesSchedule['repeat']): string {
  if (repeat.every === 'month') return `Every ${ordinals[repeat.week - 1]} ${weekdayNames[repeat.day]}`;
  const days = weekdays.filter((day) => repeat.days.includes(day)).map((day) => weekdayNames[day]);
  return `Every ${days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days.at(-1)}` : days[0]}`;
}

/** Days since Monday of a calendar date (its weekday), 0 to 6. */
const weekdayIndex = (year: number, month: number, day: number) => (new Date(Date.UTC(year, month, day)).getUTCDay() + 6) % 7;

/** The calendar days the rule gives, from the first date on, in order: [year, month (0-11), day]. */
function* calendarDays(schedule: SeriesSchedule): Generator<[number, number, number]> {
  const [year, month, day] = schedule.firstDate.split('-').map(Number);
  const { repeat } = schedule;
  if (repeat.every === 'week') {
    const chosen = new Set(repeat.days.map((name) => weekdays.indexOf(name)));
    for (let offset = 0; ; offset++) {
      const date = new Date(Date.UTC(year, month - 1, day + offset));
      if (chosen.has(weekdayIndex(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())))
        yield [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
    }
  }
  const target = weekdays.indexOf(repeat.day);
  for (let months = 0; ; months++) {
    const first = new Date(Date.UTC(year, month - 1 + months, 1));
    const [y, m] = [first.getUTCFullYear(), first.getUTCMonth()];
    const dayOfMonth = 1 + ((target - weekdayIndex(y, m, 1) + 7) % 7) + 7 * (repeat.week - 1);
    // A fifth weekday that this month does not have: no date this month.
    if (new Date(Date.UTC(y, m, dayOfMonth)).getUTCMonth() !== m) continue;
    if (months === 0 && dayOfMonth < day) continue;
    yield [y, m, dayOfMonth];
  }
}

/**
 * The start of each date of the series, as instants (ISO, UTC), at its time of day in `timeZone`:
 * until its last date (included) or for its number of dates. One more than MAX_SERIES_DATES at
 * most, so a rule that would make too many says so (seriesRefusal).
 */
export function seriesStarts(schedule: SeriesSchedule, timeZone: string): string[] {
  const [hours, minutes] = schedule.time.split(':').map(Number);
  const until = 'until' in schedule.ends ? schedule.ends.until : undefined;
  const count = 'count' in schedule.ends ? schedule.ends.count : Infinity;
  const starts: string[] = [];
  for (const [year, month, day] of calendarDays(schedule)) {
    const date = `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if ((until !== undefined && date > until) || starts.length === Math.min(count, MAX_SERIES_DATES + 1)) break;
    starts.push(new Date(new TZDate(year, month, day, hours, minutes, timeZone).getTime()).toISOString());
  }
  return starts;
}

/** Why a series' dates cannot be made, if they cannot: none, or too many. */
export function seriesRefusal(starts: readonly string[]): string | undefined {
  if (starts.length === 0) return 'No date falls between the first date and the end: choose another end.';
  if (starts.length > MAX_SERIES_DATES) return `A series has at most ${MAX_SERIES_DATES} dates: choose an earlier end.`;
  return undefined;
}
