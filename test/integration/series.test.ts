import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { SeriesFormInput, SeriesReceipt } from '../../functions/schemas/admin-session';
import type { SessionView } from '../../functions/schemas/session';
import { api } from '../support/stack';
import { signedInUser } from '../support/users';

let adminToken: string | undefined;
async function asAdmin<T>(path: string, init: RequestInit = {}) {
  adminToken ??= await signedInUser(`series-${ulid().toLowerCase()}@example.com`, { admin: true });
  return api<T & { message?: string; errors?: { field: string; message: string }[] }>(`/admin${path}`, {
    ...init,
    headers: { authorization: `Bearer ${adminToken}` },
  });
}
const nextYear = new Date().getUTCFullYear() + 1;
const series = (title: string, schedule: Partial<SeriesFormInput['schedule']> = {}): SeriesFormInput => ({
  session: { title, description: 'Our monthly live session.', locationType: 'online', maxAttendees: 12, durationMinutes: 75 },
  schedule: {
    firstDate: `${nextYear}-01-01`,
    time: '19:00',
    repeat: { every: 'month', week: 1, day: 'tue' },
    ends: { until: `${nextYear}-12-31` },
    ...schedule,
  },
});

describe('a recurring series', () => {
  it('creates a session for each first Tuesday of next year at 19:00 London time, each with its own seats, named with the series', async () => {
    const title = `Monthly Live ${ulid()}`;
    const created = await asAdmin<SeriesReceipt>('/series', { method: 'POST', body: JSON.stringify(series(title)) });
    expect(created.status).toBe(201);
    expect(created.body.description).toBe('Every first Tuesday');
    const { sessions } = created.body;
    expect(sessions).toHaveLength(12);
    // 19:00 in London: GMT in January, BST in July.
    const london = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso));
    expect(new Set(sessions.map((session) => london(session.startTime)))).toEqual(new Set(['Tue 19:00']));
    expect(sessions[0].startTime).toMatch(/T19:00:00\.000Z$/);
    expect(sessions[6].startTime).toMatch(/T18:00:00\.000Z$/);
    for (const session of sessions) {
      expect(session).toMatchObject({ title, maxAttendees: 12, seatsTaken: 0, durationMinutes: 75, draft: false });
      expect(session.series).toEqual({ id: created.body.seriesId, description: 'Every first Tuesday' });
    }
    const listed = await api<{ sessions: SessionView[] }>('/sessions');
    const ours = listed.body.sessions.filter((session) => session.series?.id === created.body.seriesId);
    expect(ours.map((session) => session.id)).toEqual(sessions.map((session) => session.id));
  });

  it('makes drafts when asked, and refuses a rule with no date, too many, or a first date gone by', async () => {
    const drafts = await asAdmin<SeriesReceipt>('/series?draft=true', {
      method: 'POST',
      body: JSON.stringify(
        series(`Weekly Draft ${ulid()}`, { repeat: { every: 'week', days: ['mon', 'thu'] }, ends: { count: 4 } }),
      ),
    });
    expect(drafts.status).toBe(201);
    expect(drafts.body.sessions.map((session) => session.draft)).toEqual([true, true, true, true]);
    expect((await api(`/sessions/${drafts.body.sessions[0].id}`)).status).toBe(404);

    const none = await asAdmin('/series', {
      method: 'POST',
      body: JSON.stringify(series('Nothing', { ends: { until: `${nextYear}-01-01` } })),
    });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([
      { field: 'body.schedule.ends', message: 'No date falls between the first date and the end: choose another end.' },
    ]);
    const many = await asAdmin('/series', {
      method: 'POST',
      body: JSON.stringify(
        series('Too many', { repeat: { every: 'week', days: ['mon'] }, ends: { until: `${nextYear + 2}-01-01` } }),
      ),
    });
    expect(many.body.message).toBe('A series has at most 60 dates: choose an earlier end.');
    const past = await asAdmin('/series', {
      method: 'POST',
      body: JSON.stringify(series('Past', { firstDate: '2020-01-01', ends: { count: 2 } })),
    });
    expect(past.body.message).toBe('The first date has passed: choose a later one.');
    expect((await api('/admin/series', { method: 'POST', body: '{}' })).status).toBe(401);
  });
});
