import { describe, expect, it } from 'vitest';
import { BOOKING, coldShares, monthOfRequests, requestStarts, WEBHOOK, type ModelRequest } from '../bench/cold-starts';

const MINUTE = 60_000;
const request = (at: number, key = 'GET /api/sessions', ms = 50): ModelRequest => ({ at, key, ms });
const oneFunction = () => 'Visitors';
const coldRequests = (requests: ModelRequest[], functionOf: (key: string) => string, idleMs: number) =>
  requestStarts(requests, functionOf, idleMs).map((start) => start === 'cold');

describe('the cold-start model', () => {
  it('starts a function cold after it has been idle longer than the lifetime, and warm within it', () => {
    const requests = [request(0), request(9 * MINUTE), request(20 * MINUTE), request(20 * MINUTE + 1_000)];
    expect(coldRequests(requests, oneFunction, 10 * MINUTE)).toEqual([true, false, true, false]);
    expect(coldRequests(requests, oneFunction, 5 * MINUTE)).toEqual([true, true, true, false]);
  });

  it('starts another environment for requests sent together, and keeps both warm', () => {
    const together = [request(0), request(0), request(MINUTE), request(MINUTE)];
    expect(coldRequests(together, oneFunction, 10 * MINUTE)).toEqual([true, true, false, false]);
  });

  it("loads a route's code on its first call in a warm environment, once per environment", () => {
    const requests = [
      request(0),
      request(MINUTE, BOOKING),
      request(2 * MINUTE, BOOKING),
      request(3 * MINUTE),
      request(30 * MINUTE, BOOKING),
    ];
    expect(requestStarts(requests, oneFunction, 10 * MINUTE)).toEqual(['cold', 'loads its route', 'warm', 'warm', 'cold']);
    expect(coldShares(requests, oneFunction, 10 * MINUTE)).toMatchObject({ coldStarts: 2, routeLoads: 1 });
  });

  it('keeps a rarely called route warm only when it shares a function with frequent ones', () => {
    const requests = [
      ...Array.from({ length: 60 }, (_, minute) => request(minute * MINUTE)),
      request(30 * MINUTE + 500, BOOKING),
      request(45 * MINUTE + 500, WEBHOOK),
    ].sort((a, b) => a.at - b.at);
    const grouped = coldShares(requests, oneFunction, 10 * MINUTE);
    const apart = coldShares(requests, (key) => key, 10 * MINUTE);
    expect([grouped.bookings, grouped.webhooks]).toEqual([0, 0]);
    expect([apart.bookings, apart.webhooks]).toEqual([1, 1]);
  });

  it("models a month of the site's traffic, the same every run", () => {
    const month = monthOfRequests();
    expect(month).toEqual(monthOfRequests());
    expect(month.filter((r) => r.key === BOOKING)).toHaveLength(1_000);
    expect(month.filter((r) => r.key === 'POST /api/purchases')).toHaveLength(100);
    expect(month.at(-1)!.at).toBeLessThan(31 * 24 * 60 * MINUTE);
  });
});
