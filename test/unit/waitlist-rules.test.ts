import { describe, expect, it } from 'vitest';
import { keptForWaitlist } from '../../functions/domain/records/freed-seats';
import { offerExpiry } from '../../functions/domain/flows/waitlist-offers';
import { WaitlistRequest } from '../../functions/schemas/waitlist';

const now = new Date('2026-12-01T09:00:00.000Z');
const startingIn = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

describe('waitlist offers', () => {
  it('hold a seat for 12 hours, cut short 2 hours before the start', () => {
    expect(offerExpiry({ startTime: startingIn(48) }, now)).toBe(startingIn(12));
    expect(offerExpiry({ startTime: startingIn(6) }, now)).toBe(startingIn(4));
  });

  it('keep a given-back seat for the waitlist only while someone waits and offers are still made', () => {
    expect(keptForWaitlist({ waitlistCount: 1, startTime: startingIn(3) }, now)).toBe(true);
    expect(keptForWaitlist({ waitlistCount: 0, startTime: startingIn(3) }, now)).toBe(false);
    expect(keptForWaitlist({ waitlistCount: 4, startTime: startingIn(2) }, now)).toBe(false);
    expect(keptForWaitlist({ waitlistCount: 4, startTime: startingIn(1) }, now)).toBe(false);
  });
});

describe('the waitlist form', () => {
  const form = { name: 'Wren Waiting', email: ' Wren@Example.com ', phone: '+44 7700 900123' };

  it('takes a name, an address (as it is compared) and a phone number', () => {
    expect(WaitlistRequest.parse(form)).toEqual({ ...form, email: 'wren@example.com' });
  });

  it("says 'Please fill out all fields' for any field left blank", () => {
    for (const field of ['name', 'email', 'phone'] as const) {
      const result = WaitlistRequest.safeParse({ ...form, [field]: '  ' });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Please fill out all fields']);
    }
    expect(WaitlistRequest.safeParse({ ...form, phone: 'call me' }).error?.issues[0]?.message).toBe(
      'Please enter a valid phone number',
    );
  });
});
