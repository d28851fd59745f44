import { describe, expect, it } from 'vitest';
import { formatClockTime, formatWhen } from '../../functions/lib/when';

describe('a session start in words (e-mails, the checkout page)', () => {
  it("names noon and midnight on a 12-hour clock, in the teacher's zone", () => {
    expect(formatWhen('2026-12-12T12:00:00.000Z')).toBe('Saturday, 12 December 2026 at 12:00 pm (Europe/London)');
    expect(formatWhen('2026-12-12T00:30:00.000Z')).toBe('Saturday, 12 December 2026 at 12:30 am (Europe/London)');
    // British Summer Time: 17:15 UTC is 6:15 pm in London.
    expect(formatWhen('2026-06-09T17:15:00.000Z')).toBe('Tuesday, 9 June 2026 at 6:15 pm (Europe/London)');
  });
});

describe('a time of day in refusals', () => {
  it("is written as the site writes times, in the teacher's zone, named", () => {
    expect(formatClockTime(new Date('2030-01-02T00:50:00.000Z'))).toBe('12:50 AM (Europe/London)');
    expect(formatClockTime(new Date('2026-06-09T17:15:00.000Z'))).toBe('6:15 PM (Europe/London)');
  });
});
