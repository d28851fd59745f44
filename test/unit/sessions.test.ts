import { describe, expect, it } from 'vitest';
import {
  locationText,
  placeText,
  seatsPerClientAddress,
  toSessionView,
  type SessionRecord,
} from '../../functions/domain/records/sessions';

const session: SessionRecord = {
  id: '01TEST',
  title: 'Breath',
  description: 'Calm',
  startTime: '2030-01-01T19:00:00.000Z',
  durationMinutes: 90,
  locationType: 'onsite',
  city: 'London',
  postCode: 'E8 3PB',
  featured: false,
  priceAmount: 2500,
  priceCurrency: 'GBP',
  maxAttendees: 10,
  seatsTaken: 4,
  seatsHeld: 1,
  waitlistCount: 0,
  zoomLink: 'https://zoom.us/j/secret',
  createdAt: '2029-12-01T00:00:00.000Z',
};

describe('session view', () => {
  it('summarises the location as the product does', () => {
    expect(locationText({ locationType: 'online', city: 'London' })).toBe('Online');
    expect(locationText({ locationType: 'onsite', city: 'London', postCode: 'E8 3PB' })).toBe('London, E8 3PB');
    expect(locationText({ locationType: 'onsite', city: 'London' })).toBe('London');
    expect(locationText({ locationType: 'onsite', postCode: 'E8 3PB' })).toBe('E8 3PB');
    expect(locationText({ locationType: 'onsite', location: 'The barn' })).toBe('The barn');
    expect(locationText({ locationType: 'onsite' })).toBe('On-site');
  });

  it('names the full place of a session in person for e-mails, calendars and the confirmation page', () => {
    const full = { locationType: 'onsite', address: '12 Willow Lane', city: 'London', postCode: 'E8 3PB' } as const;
    expect(placeText(full)).toBe('12 Willow Lane, London, E8 3PB');
    expect(placeText({ ...full, locationType: 'online' })).toBe('Online');
    expect(placeText({ locationType: 'onsite', address: '12 Willow Lane', postCode: 'E8 3PB' })).toBe('12 Willow Lane, E8 3PB');
    expect(placeText({ locationType: 'onsite', location: 'The barn' })).toBe('The barn');
    expect(placeText({ locationType: 'onsite' })).toBe('On-site');
  });

  it('counts held seats as taken, and ends the session after its duration', () => {
    const view = toSessionView(session);
    expect(view.seatsLeft).toBe(6);
    expect(view.soldOut).toBe(false);
    expect(view.endTime).toBe('2030-01-01T20:30:00.000Z');
    expect(view.price).toEqual({ amount: 2500, currency: 'GBP' });
  });

  it('is sold out when every seat is taken, and never sold out without a limit', () => {
    expect(toSessionView({ ...session, seatsTaken: 10 })).toMatchObject({ seatsLeft: 0, soldOut: true });
    expect(toSessionView({ ...session, maxAttendees: undefined, seatsTaken: 500 })).toMatchObject({
      seatsLeft: null,
      soldOut: false,
    });
  });

  it('never exposes the private joining link or the recording', () => {
    const view = toSessionView({ ...session, recordingUrl: 'https://video/secret' });
    expect(JSON.stringify(view)).not.toContain('secret');
  });
});

describe("a client address's share of a session", () => {
  it('is a quarter of its seats, rounded down, at least one and at most four; four of an unlimited one', () => {
    const shares = [1, 3, 4, 7, 8, 11, 12, 15, 16, 20, 100].map((maxAttendees) => [
      maxAttendees,
      seatsPerClientAddress({ maxAttendees }),
    ]);
    expect(shares).toEqual([
      [1, 1],
      [3, 1],
      [4, 1],
      [7, 1],
      [8, 2],
      [11, 2],
      [12, 3],
      [15, 3],
      [16, 4],
      [20, 4],
      [100, 4],
    ]);
    expect(seatsPerClientAddress({})).toBe(4);
  });
});

describe('the monthly live session', () => {
  it('falls on the first Tuesday of the month, this month while it is still ahead', async () => {
    const { nextFirstTuesday } = await import('../../local/seed');
    expect(nextFirstTuesday(new Date('2026-11-21T12:00:00Z'), 19).toISOString()).toBe('2026-12-01T19:00:00.000Z');
    expect(nextFirstTuesday(new Date('2026-12-01T08:00:00Z'), 19).toISOString()).toBe('2026-12-01T19:00:00.000Z');
    expect(nextFirstTuesday(new Date('2027-02-01T00:00:00Z'), 19).toISOString()).toBe('2027-02-02T19:00:00.000Z');
  });
});
