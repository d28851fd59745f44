import { describe, expect, it } from 'vitest';
import { addressOf, createEdgeLimiter } from '../../local/edge-limits';
import type { EdgeLimit } from '../../infra/edge-limits';

const rules: EdgeLimit[] = [
  { name: 'Bookings', method: 'POST', path: '^/api/sessions/[^/]+/bookings$', limit: 2, windowSeconds: 60 },
  { name: 'Api', path: '^/api/', limit: 3, windowSeconds: 60 },
];

describe('the local edge limits', () => {
  it("count each client address's requests per rule within the window, and let it in again once the window moves on", () => {
    let now = 0;
    const admit = createEdgeLimiter(rules, () => now);
    const book = (address: string) => admit(address, 'POST', '/api/sessions/S1/bookings');
    expect([book('a'), book('a'), book('a')]).toEqual([true, true, false]);
    expect(book('b')).toBe(true);
    // The booking route's requests count in the wider rule too, but the one refused before it (as
    // WAF stops at the rule that blocks): two there, so one more read, not two.
    expect([admit('a', 'GET', '/api/sessions'), admit('a', 'GET', '/api/sessions')]).toEqual([true, false]);
    expect(admit('b', 'GET', '/api/sessions')).toBe(true);
    // A page of the site is no request to the API.
    expect(admit('a', 'GET', '/sessions/S1')).toBe(true);
    now = 61_000;
    expect(book('a')).toBe(true);
  });

  it('count the address WAF counts: the IP without the port, IPv6 too', () => {
    expect(addressOf('203.0.113.7:443')).toBe('203.0.113.7');
    expect(addressOf('2001:db8::1:51234')).toBe('2001:db8::1');
  });
});
