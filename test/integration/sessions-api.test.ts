import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../functions/schemas/session';
import { api, siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';

describe('sessions API on the local stack', () => {
  it('lists the seeded upcoming sessions, soonest first, without private links', async () => {
    const { status, body } = await api<{ sessions: (SessionView & Record<string, unknown>)[] }>('/sessions');
    expect(status).toBe(200);
    expect(body.sessions.length).toBeGreaterThanOrEqual(6);
    const starts = body.sessions.map((s) => Date.parse(s.startTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts.every((start) => start >= Date.now() - 60_000)).toBe(true);
    for (const session of body.sessions) {
      expect(session).not.toHaveProperty('zoomLink');
      expect(session).not.toHaveProperty('seatsTaken');
    }
    expect(new Set(body.sessions.map((s) => s.locationType))).toEqual(new Set(['online', 'onsite']));
    expect(body.sessions.some((s) => s.featured)).toBe(true);
    expect(body.sessions.some((s) => s.price.amount > 0)).toBe(true);
  });

  it('lets CloudFront share the list for five seconds, and no browser keep it; every other answer is kept by no one', async () => {
    const list = await fetch(`${siteUrl}/api/sessions`);
    expect(list.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
    const one = await fetch(`${siteUrl}/api/sessions/${(await createSession({})).id}`);
    expect(one.headers.get('cache-control')).toBe('no-store');
    const missing = await fetch(`${siteUrl}/api/sessions/01ARZ3NDEKTSV4RRFFQ69G5FAV`);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves past sessions out of the list', async () => {
    const past = await createSession({ title: 'Yesterday', startTime: new Date(Date.now() - 86_400_000).toISOString() });
    const { body } = await api<{ sessions: SessionView[] }>('/sessions');
    expect(body.sessions.map((s) => s.id)).not.toContain(past.id);
  });

  it('returns one session with its location text and seats left', async () => {
    const session = await createSession({
      locationType: 'onsite',
      city: 'Leeds',
      postCode: 'LS1 4AP',
      maxAttendees: 10,
      seatsTaken: 3,
    });
    const { status, body } = await api<{ session: SessionView }>(`/sessions/${session.id}`);
    expect(status).toBe(200);
    expect(body.session).toMatchObject({ id: session.id, location: 'Leeds, LS1 4AP', seatsLeft: 7, soldOut: false });
  });

  it("answers 404 'Session not found' for an unknown id, and 400 for a malformed one", async () => {
    expect(await api('/sessions/01UNKNOWN')).toEqual({ status: 404, body: { message: 'Session not found' } });
    const malformed = await api<{ errors: { field: string }[] }>('/sessions/bad%20id!');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].field).toBe('params.id');
  });

  it('tells the visitor currency from the CloudFront country header', async () => {
    expect((await api('/geo')).body).toEqual({ country: 'GB', currency: 'GBP' });
    expect((await api('/geo', { headers: { 'cloudfront-viewer-country': 'FR' } })).body).toEqual({
      country: 'FR',
      currency: 'EUR',
    });
  });
});
