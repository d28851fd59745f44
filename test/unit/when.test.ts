import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDay, formatTimes, formatWhen } from '../../functions/lib/when';

describe('a session start in words (e-mails, the checkout page)', () => {
  it("names noon and midnight on a 12-hour clock, in the site's formats and the teacher's zone", () => {
    expect(formatWhen('2026-12-12T12:00:00.000Z')).toBe('Saturday, December 12, 2026 at 12:00 PM (Europe/London)');
    expect(formatWhen('2026-12-12T00:30:00.000Z')).toBe('Saturday, December 12, 2026 at 12:30 AM (Europe/London)');
    // British Summer Time: 17:15 UTC is 6:15 PM in London.
    expect(formatWhen('2026-06-09T17:15:00.000Z')).toBe('Tuesday, June 9, 2026 at 6:15 PM (Europe/London)');
  });
});

describe("a session's day and times in e-mails", () => {
  it("are the site's formats, in the teacher's zone, with the zone named", () => {
    expect(formatDay('2026-06-09T17:15:00.000Z')).toBe('Tuesday, June 9, 2026');
    expect(formatTimes('2026-06-09T17:15:00.000Z', '2026-06-09T18:45:00.000Z')).toBe('6:15 PM – 7:45 PM (Europe/London)');
    // 23:30 UTC in June is 00:30 the next day in London.
    expect(formatDay('2026-06-09T23:30:00.000Z')).toBe('Wednesday, June 10, 2026');
    expect(formatTimes('2026-12-12T12:00:00.000Z', '2026-12-12T13:00:00.000Z')).toBe('12:00 PM – 1:00 PM (Europe/London)');
  });
});

describe('a time of day in refusals', () => {
  it("is written as the site writes times, in the teacher's zone, named", () => {
    expect(formatClockTime(new Date('2030-01-02T00:50:00.000Z'))).toBe('12:50 AM (Europe/London)');
    expect(formatClockTime(new Date('2026-06-09T17:15:00.000Z'))).toBe('6:15 PM (Europe/London)');
  });
});
