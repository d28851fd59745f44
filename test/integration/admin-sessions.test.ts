import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { AdminSessionList, AdminSessionView, SessionFormInput } from '../../functions/schemas/admin-session';
import type { SessionView } from '../../functions/schemas/session';
import type { AuditEntry } from '../../functions/schemas/audit';
import type { BookingReceipt, CancellationReceipt } from '../../functions/schemas/booking';
import type { AdminWaitlist } from '../../functions/schemas/waitlist';
import { api, siteUrl, waitForEmails } from '../support/stack';
import { payCheckout, waitForBooking } from '../support/stripe';
import { signedInUser } from '../support/users';
import { createSession } from '../support/sessions';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const form = (fields: Partial<SessionFormInput> = {}): SessionFormInput => ({
  title: `Admin Circle ${ulid().slice(-6)}`,
  description: 'Slow breathing.\nWarm tea after.',
  startTime: inDays(10),
  locationType: 'onsite',
  address: ' 12 Mare Street ',
  city: 'London',
  postCode: 'E8 3PB',
  maxAttendees: 8,
  price: { amount: 2500, currency: 'EUR' },
  ...fields,
});

let adminToken: string | undefined;
async function asAdmin<T>(path: string, init: RequestInit = {}) {
  adminToken ??= await signedInUser(`admin-${ulid().toLowerCase()}@example.com`, { admin: true });
  return api<T & { message?: string; errors?: { field: string; message: string }[] }>(`/admin${path}`, {
    ...init,
    headers: { authorization: `Bearer ${adminToken}` },
  });
}

describe('the admin schedule', () => {
  it("creates a session with the product's defaults, trimmed text and the chosen currency, shown at once to visitors", async () => {
    const created = await asAdmin<AdminSessionView>('/sessions', {
      method: 'POST',
      body: JSON.stringify(form({ durationMinutes: undefined, zoomLink: '', recordingUrl: '  ' })),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      durationMinutes: 60,
      address: '12 Mare Street',
      price: { amount: 2500, currency: 'EUR' },
      zoomLink: null,
      recordingUrl: null,
      seatsTaken: 0,
      seatsLeft: 8,
    });
    const shown = await api<{ session: SessionView }>(`/sessions/${created.body.id}`);
    expect(shown.body.session).toMatchObject({ title: created.body.title, location: 'London, E8 3PB' });

    // Online sessions keep no address.
    const online = await asAdmin<AdminSessionView>('/sessions', {
      method: 'POST',
      body: JSON.stringify(form({ locationType: 'online' })),
    });
    expect(online.body).toMatchObject({ address: null, city: null, postCode: null, location: 'Online' });
  });

  it("answers the form's mistakes with the product's messages, and writes nothing", async () => {
    const before = (await asAdmin<AdminSessionList>('/sessions')).body.counts.upcoming;
    const refused = await asAdmin('/sessions', {
      method: 'POST',
      body: JSON.stringify(
        form({ title: ' ', description: '', durationMinutes: 0, price: { amount: -1, currency: 'GBP' }, zoomLink: 'not a link' }),
      ),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'Title is required',
        'Description is required',
        'Duration must be at least 1 minute',
        'Price must be 0 or greater',
        'Zoom link must be a valid URL',
      ]),
    );
    expect((await asAdmin<AdminSessionList>('/sessions')).body.counts.upcoming).toBe(before);
  });

  it('edits a session, never below the seats taken, and keeps who changed what', async () => {
    const session = await createSession({ maxAttendees: 5, seatsTaken: 3 });
    const lowered = await asAdmin(`/sessions/${session.id}`, { method: 'PUT', body: JSON.stringify(form({ maxAttendees: 2 })) });
    expect(lowered).toMatchObject({
      status: 409,
      body: { message: '3 seats are already taken: the capacity cannot be lower than that.' },
    });

    const start = inDays(12);
    const edited = await asAdmin<AdminSessionView>(`/sessions/${session.id}`, {
      method: 'PUT',
      body: JSON.stringify(form({ title: 'Renamed Circle', startTime: start, maxAttendees: 3 })),
    });
    expect(edited.body).toMatchObject({
      title: 'Renamed Circle',
      startTime: start,
      maxAttendees: 3,
      seatsTaken: 3,
      soldOut: true,
    });
    const detail = await asAdmin<{ session: AdminSessionView; history: AuditEntry[] }>(`/sessions/${session.id}`);
    expect(detail.body.history[0]).toMatchObject({
      action: 'session.updated',
      actor: { email: expect.stringContaining('admin-') },
    });
    expect(detail.body.history[0].data!.changed).toEqual(expect.arrayContaining(['title', 'startTime', 'maxAttendees']));
    // Listed under its new start.
    const upcoming = await asAdmin<AdminSessionList>('/sessions?when=upcoming');
    expect(upcoming.body.sessions.find((s) => s.id === session.id)?.startTime).toBe(start);
  });

  it('duplicates every field but the seats, and deletes only a session nobody is booked on', async () => {
    const session = await createSession({
      title: 'Dawn Breath',
      maxAttendees: 4,
      seatsTaken: 2,
      zoomLink: 'https://zoom.us/j/1',
    });
    const copy = await asAdmin<AdminSessionView>(`/sessions/${session.id}/duplicate`, { method: 'POST', body: '{}' });
    expect(copy).toMatchObject({
      status: 201,
      body: { title: 'Dawn Breath (Copy)', maxAttendees: 4, seatsTaken: 0, zoomLink: 'https://zoom.us/j/1', draft: true },
    });
    expect(copy.body.id).not.toBe(session.id);

    const refused = await asAdmin(`/sessions/${session.id}`, { method: 'DELETE' });
    expect(refused).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^This session has 2 bookings/) } });
    expect((await asAdmin(`/sessions/${copy.body.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/sessions/${copy.body.id}`)).status).toBe(404);
    expect((await asAdmin(`/sessions/${copy.body.id}`)).status).toBe(404);
  });

  it('keeps a draft from visitors until it is published: not listed, no page, not bookable, shared or waited for', async () => {
    const created = await asAdmin<AdminSessionView>('/sessions?draft=true', {
      method: 'POST',
      body: JSON.stringify(form({ maxAttendees: 1, price: { amount: 0, currency: 'GBP' } })),
    });
    expect(created).toMatchObject({ status: 201, body: { draft: true } });
    const id = created.body.id;
    const listed = async () => (await api<{ sessions: SessionView[] }>('/sessions')).body.sessions.some((s) => s.id === id);
    const booking = () =>
      api(`/sessions/${id}/bookings`, {
        method: 'POST',
        body: JSON.stringify({ firstName: 'Ada', lastName: 'Guest', email: `draft-${ulid().toLowerCase()}@example.com` }),
      });
    expect(await listed()).toBe(false);
    expect(await api(`/sessions/${id}`)).toEqual({ status: 404, body: { message: 'Session not found' } });
    expect((await booking()).status).toBe(404);
    expect(
      (
        await api(`/sessions/${id}/waitlist`, {
          method: 'POST',
          body: JSON.stringify({ name: 'Ada Guest', email: 'a@example.com', phone: '+44 20 7946 0000' }),
        })
      ).status,
    ).toBe(404);
    expect(
      (await api(`/sessions/${id}/share`, { method: 'POST', body: JSON.stringify({ email: 'friend@example.com' }) })).status,
    ).toBe(404);
    const page = await fetch(`${siteUrl}/sessions/${id}`);
    expect(page.status).toBe(404);
    // The administrator sees it among the upcoming sessions, marked, and edits it as a draft.
    const upcoming = await asAdmin<AdminSessionList>('/sessions?when=upcoming');
    expect(upcoming.body.sessions.find((s) => s.id === id)).toMatchObject({ draft: true });
    const edited = await asAdmin<AdminSessionView>(`/sessions/${id}`, {
      method: 'PUT',
      body: JSON.stringify(form({ title: 'Renamed Draft' })),
    });
    expect(edited.body).toMatchObject({ title: 'Renamed Draft', draft: true });
    expect(await listed()).toBe(false);

    const published = await asAdmin<AdminSessionView>(`/sessions/${id}/publish`, { method: 'POST', body: '{}' });
    expect(published).toMatchObject({ status: 200, body: { draft: false } });
    expect((await asAdmin<AdminSessionView>(`/sessions/${id}/publish`, { method: 'POST', body: '{}' })).body.draft).toBe(false);
    expect(await listed()).toBe(true);
    expect((await fetch(`${siteUrl}/sessions/${id}`)).status).toBe(200);
    expect((await booking()).status).toBe(201);
    const history = await asAdmin<{ history: AuditEntry[] }>(`/sessions/${id}`);
    expect(history.body.history.map((entry) => entry.action)).toEqual([
      'session.published',
      'session.updated',
      'session.created',
    ]);
    expect((await asAdmin(`/sessions/${ulid()}/publish`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('lists upcoming and past sessions with their counts', async () => {
    const past = await createSession({ startTime: inDays(-3) });
    const list = await asAdmin<AdminSessionList>('/sessions?when=past');
    expect(list.body.sessions.map((s) => s.id)).toContain(past.id);
    expect(list.body.counts.past).toBeGreaterThanOrEqual(1);
    expect(list.body.sessions.every((s) => s.startTime < new Date().toISOString())).toBe(true);
  });
});

describe('the admin removing people', () => {
  it('removes an attendee once: a paid booking is refunded, the attendee told, and the seat offered to the waitlist', async () => {
    const session = await createSession({ maxAttendees: 1, priceAmount: 1800, priceCurrency: 'GBP' });
    const email = `removed-${ulid().toLowerCase()}@example.com`;
    const held = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Rae', lastName: 'Removed', email }),
    });
    await payCheckout(held.body.checkoutUrl!);
    await waitForBooking(held.body.booking.id, (b) => b.status === 'completed');
    const waiting = `waiting-${ulid().toLowerCase()}@example.com`;
    expect(
      (
        await api(`/sessions/${session.id}/waitlist`, {
          method: 'POST',
          body: JSON.stringify({ name: 'Wyn Waiting', email: waiting, phone: '+44 7700 900123' }),
        })
      ).status,
    ).toBe(201);

    const path = `/sessions/${session.id}/attendees/${held.body.booking.id}`;
    const removals = await Promise.all([
      asAdmin<CancellationReceipt>(path, { method: 'DELETE' }),
      asAdmin<CancellationReceipt>(path, { method: 'DELETE' }),
    ]);
    expect(removals.map((r) => r.body.outcome).sort()).toEqual(['already_cancelled', 'cancelled']);
    expect(await waitForBooking(held.body.booking.id, (b) => b.paymentStatus === 'refunded')).toMatchObject({
      status: 'cancelled',
    });
    const removal = (await waitForEmails(email, 2)).find((m) => m.subject === `Booking cancelled: ${session.title}`);
    // The teacher's doing, not the attendee's, with the paid booking's refund.
    expect(removal?.body.text).toContain('The teacher has cancelled your place at this session.');
    expect(removal?.body.text).toContain('We are refunding your payment of £18 in full');
    expect((await waitForEmails(waiting, 2)).map((m) => m.subject)).toContain(`A spot is free for you: ${session.title}`);
    const history = await asAdmin<{ history: AuditEntry[] }>(`/sessions/${session.id}`);
    expect(history.status).toBe(200);
    // Another session's booking is not found under this one.
    expect((await asAdmin(`/sessions/${ulid()}/attendees/${held.body.booking.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it("lists a session's waitlist in order and takes someone off it", async () => {
    const session = await createSession({ maxAttendees: 1, seatsTaken: 1 });
    const emails = [`first-${ulid().toLowerCase()}@example.com`, `second-${ulid().toLowerCase()}@example.com`];
    for (const email of emails) {
      await api(`/sessions/${session.id}/waitlist`, {
        method: 'POST',
        body: JSON.stringify({ name: 'Wyn Waiting', email, phone: '+44 7700 900123' }),
      });
    }
    const list = await asAdmin<AdminWaitlist>(`/sessions/${session.id}/waitlist`);
    expect(list.body.places.map((p) => [p.email, p.state])).toEqual([
      [emails[0], 'waiting'],
      [emails[1], 'waiting'],
    ]);
    const removed = await asAdmin<{ removed: boolean }>(`/sessions/${session.id}/waitlist/${list.body.places[0].id}`, {
      method: 'DELETE',
    });
    expect(removed.body.removed).toBe(true);
    expect((await asAdmin<AdminWaitlist>(`/sessions/${session.id}/waitlist`)).body.places.map((p) => p.email)).toEqual([
      emails[1],
    ]);
    expect((await asAdmin<AdminSessionView>(`/sessions/${session.id}`)).status).toBe(200);
    const detail = await asAdmin<{ session: AdminSessionView; history: AuditEntry[] }>(`/sessions/${session.id}`);
    expect(detail.body.session.waitlistCount).toBe(1);
    expect(detail.body.history[0]).toMatchObject({ action: 'waitlist.removed', data: { email: emails[0] } });
  });
});
