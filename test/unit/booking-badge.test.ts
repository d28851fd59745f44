import { describe, expect, it } from 'vitest';
import { bookingBadge } from '@/lib/booking-badge';

const now = new Date('2026-03-10T12:00:00Z');
const endingAt = (iso: string) => ({ endTime: iso });

describe("a booking's badge", () => {
  it("reads 'Confirmed' for a completed booking whose session is still to come or under way, green", () => {
    expect(bookingBadge('completed', endingAt('2026-03-11T19:00:00Z'), now)).toEqual({ label: 'Confirmed', tone: 'success' });
    // Started an hour ago, ends in half an hour: not completed yet.
    expect(bookingBadge('completed', endingAt('2026-03-10T12:30:00Z'), now)).toEqual({ label: 'Confirmed', tone: 'success' });
  });

  it("reads 'Completed' once the session has ended, green", () => {
    expect(bookingBadge('completed', endingAt('2026-03-10T12:00:00Z'), now)).toEqual({ label: 'Completed', tone: 'success' });
    expect(bookingBadge('completed', endingAt('2026-02-01T10:00:00Z'), now)).toEqual({ label: 'Completed', tone: 'success' });
  });

  it('shows cancelled red and pending yellow, whenever the session is', () => {
    for (const end of ['2026-03-11T19:00:00Z', '2026-02-01T10:00:00Z']) {
      expect(bookingBadge('cancelled', endingAt(end), now)).toEqual({ label: 'Cancelled', tone: 'danger' });
      expect(bookingBadge('pending', endingAt(end), now)).toEqual({ label: 'Pending', tone: 'warning' });
    }
  });
});
