import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { EDGE_REFUSAL, edgeLimits } from '../../infra/edge-limits';
import { siteUrl, visitorAddress } from '../support/stack';

const bookings = edgeLimits.find((rule) => rule.name === 'BookingsPerClient')!;

/** A booking request that the API refuses on its own (no session by that id): the edge counts it all the same. */
const tryToBook = (address: string) =>
  fetch(`${siteUrl}/api/sessions/${ulid()}/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': address },
    body: JSON.stringify({ firstName: 'Flood', lastName: 'Test', email: 'flood@example.com' }),
  });

describe('the per-client limits at the edge', () => {
  it('refuses one address flooding the booking route while another is served', async () => {
    const flooding = visitorAddress();
    const answers = [];
    for (let n = 0; n < bookings.limit; n++) answers.push((await tryToBook(flooding)).status);
    // Each reached the API, which found no such session.
    expect(new Set(answers)).toEqual(new Set([404]));
    const refused = await tryToBook(flooding);
    expect(refused.status).toBe(EDGE_REFUSAL.status);
    expect(await refused.json()).toEqual({ message: EDGE_REFUSAL.message });
    // The same network's other reads go on within the wider limit, and everyone else is served.
    expect((await fetch(`${siteUrl}/api/sessions`, { headers: { 'cloudfront-viewer-address': flooding } })).status).toBe(200);
    expect((await tryToBook(visitorAddress())).status).toBe(404);
  });
});
