import { describe, expect, it } from 'vitest';
import { describeRepeat, MAX_SERIES_DATES, SeriesSchedule, seriesRefusal, seriesStarts } from '../../functions/schemas/series';

const london = 'Europe/London';
const starts = (schedule: SeriesSchedule) => seriesStarts(SeriesSchedule.parse(schedule), london);

describe('a series of sessions', () => {
  it('meets on the first Tuesday of each month at 19:00 London time, on both sides of the clock change', () => {
    const dates = starts({
      firstDate: '2027-01-01',
      time: '19:00',
      repeat: { every: 'month', week: 1, day: 'tue' },
      ends: { until: '2027-12-31' },
    });
    expect(dates).toHaveLength(12);
    expect(dates.slice(0, 5)).toEqual([
      '2027-01-05T19:00:00.000Z',
      '2027-02-02T19:00:00.000Z',
      '2027-03-02T19:00:00.000Z',
      // British Summer Time from 28 March: 19:00 in London is 18:00 UTC.
      '2027-04-06T18:00:00.000Z',
      '2027-05-04T18:00:00.000Z',
    ]);
    // And back to GMT on 31 October.
    expect(dates.slice(9)).toEqual(['2027-10-05T18:00:00.000Z', '2027-11-02T19:00:00.000Z', '2027-12-07T19:00:00.000Z']);
    expect(describeRepeat({ every: 'month', week: 1, day: 'tue' })).toBe('Every first Tuesday');
  });

  it('skips a month with no fifth Tuesday, and starts no earlier than its first date', () => {
    const dates = starts({
      firstDate: '2027-03-15',
      time: '10:30',
      repeat: { every: 'month', week: 5, day: 'tue' },
      ends: { count: 3 },
    });
    // March 2027 has a fifth Tuesday (the 30th); April none, May none; June the 29th; August the 31st.
    expect(dates).toEqual(['2027-03-30T09:30:00.000Z', '2027-06-29T09:30:00.000Z', '2027-08-31T09:30:00.000Z']);
  });

  it('meets weekly on the chosen days, from the first date, for a number of dates', () => {
    const schedule = { every: 'week', days: ['thu', 'mon'] } as const;
    expect(
      starts({ firstDate: '2027-03-24', time: '07:00', repeat: { ...schedule, days: [...schedule.days] }, ends: { count: 4 } }),
    ).toEqual([
      '2027-03-25T07:00:00.000Z',
      // The clocks go forward on Sunday 28 March: 07:00 is then 06:00 UTC.
      '2027-03-29T06:00:00.000Z',
      '2027-04-01T06:00:00.000Z',
      '2027-04-05T06:00:00.000Z',
    ]);
    expect(describeRepeat({ every: 'week', days: ['thu', 'mon', 'wed'] })).toBe('Every Monday, Wednesday and Thursday');
  });

  it('refuses a rule that gives no date, or more than a series may have', () => {
    const weekly = { firstDate: '2027-01-04', time: '12:00', repeat: { every: 'week' as const, days: ['mon' as const] } };
    expect(seriesRefusal(starts({ ...weekly, ends: { until: '2027-01-01' } }))).toBe(
      'No date falls between the first date and the end: choose another end.',
    );
    expect(seriesRefusal(starts({ ...weekly, ends: { until: '2029-12-31' } }))).toBe(
      `A series has at most ${MAX_SERIES_DATES} dates: choose an earlier end.`,
    );
    expect(seriesRefusal(starts({ ...weekly, ends: { until: '2027-12-31' } }))).toBeUndefined();
    expect(SeriesSchedule.safeParse({ ...weekly, repeat: { every: 'week', days: [] }, ends: { count: 2 } }).success).toBe(false);
    expect(SeriesSchedule.safeParse({ ...weekly, time: '25:00', ends: { count: 2 } }).success).toBe(false);
  });
});
