import { describe, expect, it } from 'vitest';
import { seatsBookedAndPending } from '../../functions/schemas/seats';
import { overviewWeeks, weekStartOf } from '../../functions/domain/records/overview';

describe("the overview's weeks", () => {
  it('start on Monday in the teacher’s zone, whatever the moment’s UTC date', () => {
    expect(weekStartOf(new Date('2026-11-23T00:30:00Z'), 'Europe/London')).toBe('2026-11-23');
    expect(weekStartOf(new Date('2026-11-29T23:59:00Z'), 'Europe/London')).toBe('2026-11-23');
    // Sunday 23:30 in UTC is already Monday morning in Athens, and still Sunday afternoon in New York.
    expect(weekStartOf(new Date('2026-11-22T23:30:00Z'), 'Europe/Athens')).toBe('2026-11-23');
    expect(weekStartOf(new Date('2026-11-23T03:00:00Z'), 'America/New_York')).toBe('2026-11-16');
  });

  it('keep to the calendar when the clocks change', () => {
    // London's clocks went back on Sunday, October 25, 2026.
    expect(weekStartOf(new Date('2026-10-25T23:30:00Z'), 'Europe/London')).toBe('2026-10-19');
    expect(weekStartOf(new Date('2026-10-26T00:30:00Z'), 'Europe/London')).toBe('2026-10-26');
  });

  it('are the twelve up to this one, oldest first, across a year’s end', () => {
    const weeks = overviewWeeks(new Date('2027-01-06T12:00:00Z'), 'Europe/London');
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe('2027-01-04');
    expect(weeks[0]).toBe('2026-10-19');
    expect(new Set(weeks.map((week) => new Date(`${week}T00:00:00Z`).getUTCDay()))).toEqual(new Set([1]));
  });
});

describe("a session's seats on the admin pages", () => {
  it('count a checkout’s held seat and a seat kept for the waitlist as pending, not booked', () => {
    expect(seatsBookedAndPending({ taken: 5, held: 1, keptForWaitlist: 2 })).toEqual({ booked: 2, pending: 3 });
    expect(seatsBookedAndPending({ taken: 1, held: 1, keptForWaitlist: 0 })).toEqual({ booked: 0, pending: 1 });
    expect(seatsBookedAndPending({ taken: 0, held: 0, keptForWaitlist: 0 })).toEqual({ booked: 0, pending: 0 });
  });
});
