import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { decodeJwt } from 'jose';
import { auditHistory } from '../../functions/domain/records/audit';
import { getBooking } from '../../functions/domain/records/bookings';
import type { AdminUserDetail, AdminUserPage } from '../../functions/schemas/admin-user';
import type { ImpersonationView } from '../../functions/schemas/impersonation';
import type { MeView, MemberBookingsPage } from '../../functions/schemas/member';
import { api, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';
import { idTokenOf, signedInUser, signUp, sitePool } from '../support/users';
import { createCode } from '../support/discounts';
import { buy } from '../support/purchases';
import { createRecording, givePackage } from '../support/recordings';
import type { RecordingDetail, RecordingList } from '../../functions/schemas/recording';
import { getPurchase } from '../../functions/domain/records/purchases';
import type { MemberPurchases, PackageOffer } from '../../functions/schemas/purchase';

type Answer<T> = T & { message?: string; code?: string; errors?: { field: string; message: string }[] };

let adminToken: string;
let adminId: string;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asAdmin = <T>(path: string, init: RequestInit = {}) =>
  api<Answer<T>>(`/admin${path}`, { ...init, headers: { ...bearer(adminToken), ...init.headers } });

/** A confirmed member of their own, signed in: their id (the token's sub), address, token and password. */
async function newMember(prefix: string) {
  const email = `${prefix}-${ulid().toLowerCase()}@example.com`;
  const password = `pw-${ulid()}`;
  const token = await signedInUser(email, { password });
  return { id: decodeJwt(token).sub!, email, token, password };
}

async function allPages(search: string, limit: number) {
  const pages: AdminUserPage[] = [];
  let cursor: string | null = null;
  do {
    const query: URLSearchParams = new URLSearchParams({ q: search, limit: String(limit), ...(cursor && { cursor }) });
    const { status, body }: { status: number; body: AdminUserPage } = await asAdmin<AdminUserPage>(`/users?${query.toString()}`);
    expect(status).toBe(200);
    pages.push(body);
    cursor = body.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

beforeAll(async () => {
  adminToken = await signedInUser(`people-admin-${ulid().toLowerCase()}@example.com`, { admin: true });
  adminId = decodeJwt(adminToken).sub!;
});

describe('the admin finds people', () => {
  it('pages through more people than one page by the start of their e-mail address, each once', async () => {
    const prefix = `pager-${ulid().slice(-6).toLowerCase()}`;
    const members = await Promise.all(Array.from({ length: 13 }, () => newMember(prefix)));
    const pages = await allPages(prefix, 5);
    expect(pages.map((page) => page.users.length)).toEqual([5, 5, 3]);
    const listed = pages.flatMap((page) => page.users);
    expect(listed.map((user) => user.id).sort()).toEqual(members.map((member) => member.id).sort());
    expect(listed[0]).toMatchObject({ status: 'Active', subscriptionStatus: 'Free', name: null });
    expect(new Date(listed[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 600_000);
  });

  it('pages through people by a word of their name, each once, then those whose address starts with it', async () => {
    const surname = `Zephyrine${ulid().slice(-5).replace(/\d/g, 'q')}`;
    const named = await Promise.all(Array.from({ length: 7 }, () => newMember('named')));
    for (const [i, member] of named.entries()) {
      // 'Anna Annaby <surname>' is found from two of its words: listed once all the same.
      const fullName = i === 0 ? `${surname} ${surname}son` : `Person${'abcdefg'[i]} ${surname}`;
      const saved = await asAdmin<AdminUserDetail>(`/users/${member.id}`, { method: 'PUT', body: JSON.stringify({ fullName }) });
      expect(saved.status).toBe(200);
    }
    // Someone whose address starts with the name, and no profile: found after the names.
    const byAddress = await newMember(surname.toLowerCase());
    const pages = await allPages(surname.toLowerCase(), 3);
    const listed = pages.flatMap((page) => page.users);
    expect(listed.map((user) => user.id)).toHaveLength(8);
    expect(new Set(listed.map((user) => user.id)).size).toBe(8);
    expect(
      listed
        .slice(0, 7)
        .map((user) => user.id)
        .sort(),
    ).toEqual(named.map((member) => member.id).sort());
    expect(listed[7].id).toBe(byAddress.id);
    // From a later word, with accents and case folded.
    const second = await asAdmin<AdminUserPage>(`/users?q=${encodeURIComponent(`PERSÓNB ${surname.slice(0, 4)}`)}`);
    expect(second.body.users.map((user) => user.id)).toEqual([named[1].id]);
    // A changed name is found by its new words only.
    await asAdmin(`/users/${named[2].id}`, { method: 'PUT', body: JSON.stringify({ fullName: 'Renamed Person' }) });
    const after = (await allPages(surname.toLowerCase(), 10)).flatMap((page) => page.users);
    expect(after.map((user) => user.id)).not.toContain(named[2].id);
  });

  it('refuses a cursor it never gave', async () => {
    const forged = Buffer.from(JSON.stringify({ phase: 'emails', token: 'bm90LWEtdXNlcg' })).toString('base64url');
    const { status, body } = await asAdmin(`/users?cursor=${forged}&q=x`);
    expect({ status, message: body.message }).toEqual({ status: 400, message: 'Invalid cursor' });
  });
});

describe("a user's page", () => {
  it('shows the account and profile, saves name and subscription with a history, and says User not found', async () => {
    const member = await newMember('detail');
    const saved = await asAdmin<AdminUserDetail>(`/users/${member.id}`, {
      method: 'PUT',
      body: JSON.stringify({ fullName: 'Dora Detail', subscriptionStatus: 'Premium' }),
    });
    expect(saved.status).toBe(200);
    const { body } = await asAdmin<AdminUserDetail>(`/users/${member.id}`);
    expect(body.user).toMatchObject({
      id: member.id,
      email: member.email,
      fullName: 'Dora Detail',
      subscriptionStatus: 'Premium',
      status: 'Active',
    });
    expect(body.history[0]).toMatchObject({
      action: 'user.updated',
      data: { fullName: { from: null, to: 'Dora Detail' }, subscriptionStatus: { from: null, to: 'Premium' } },
    });
    // The member sees it too.
    const me = await api<MeView>('/me', { headers: bearer(member.token) });
    expect(me.body.profile).toEqual({ fullName: 'Dora Detail', subscriptionStatus: 'Premium' });

    const missing = await asAdmin(`/users/${ulid()}`);
    expect({ status: missing.status, message: missing.body.message }).toEqual({ status: 404, message: 'User not found' });
    const badName = await asAdmin(`/users/${member.id}`, { method: 'PUT', body: JSON.stringify({ fullName: '' }) });
    expect(badName.status).toBe(400);
  });

  it('sets a password the user signs in with at once, signs them out everywhere and tells them, and refuses an empty one', async () => {
    const member = await newMember('password');
    expect((await api('/me', { headers: bearer(member.token) })).status).toBe(200);
    const empty = await asAdmin(`/users/${member.id}/password`, { method: 'POST', body: JSON.stringify({ password: '' }) });
    expect({ status: empty.status, message: empty.body.message }).toEqual({ status: 400, message: 'Password is required' });
    const password = `Set-${ulid()}`;
    const set = await asAdmin(`/users/${member.id}/password`, { method: 'POST', body: JSON.stringify({ password }) });
    expect(set.status).toBe(200);
    const { clientId } = await sitePool();
    expect(decodeJwt(await idTokenOf(clientId, member.email, password)).sub).toBe(member.id);
    await expect(idTokenOf(clientId, member.email, member.password)).rejects.toThrow();
    // Every sign-in from before ends: its ID token is refused, as its refresh token is by the pool.
    expect((await api('/me', { headers: bearer(member.token) })).status).toBe(401);
    const [mail] = await waitForEmails(member.email, 1);
    expect(mail?.subject).toBe('Your password was changed');
    expect(mail?.body.text).toContain('You have been signed out everywhere.');
    const history = await auditHistory({ kind: 'user', id: member.id });
    expect(history[0]).toMatchObject({ action: 'user.password-set', actor: { userId: adminId } });
    expect(JSON.stringify(history)).not.toContain(password);
  });

  it("e-mails the user the site's reset link", async () => {
    const member = await newMember('reset');
    const { status, body } = await asAdmin<{ sentTo: string }>(`/users/${member.id}/password-reset`, {
      method: 'POST',
      body: '{}',
    });
    expect({ status, body }).toEqual({ status: 200, body: { sentTo: member.email } });
    const [mail] = await waitForEmails(member.email, 1);
    expect(mail?.body.html).toContain('/update-password?code=');
  });

  it("deletes the account and profile but keeps the user's bookings, as a guest's", async () => {
    const member = await newMember('leaving');
    const session = await createSession({ title: 'Kept Breath' });
    const booked = await api<{ booking: { id: string } }>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      headers: bearer(member.token),
      body: JSON.stringify({ firstName: 'Leah', lastName: 'Leaving', email: member.email }),
    });
    expect(booked.status).toBe(201);
    const before = await asAdmin<AdminUserDetail>(`/users/${member.id}`);
    expect(before.body.items).toEqual([
      expect.objectContaining({ id: booked.body.booking.id, kind: 'Booking', title: 'Kept Breath' }),
    ]);

    const own = await asAdmin(`/users/${adminId}`, { method: 'DELETE', body: '{}' });
    expect(own.status).toBe(409);
    const deleted = await asAdmin<{ unlinked: number }>(`/users/${member.id}`, { method: 'DELETE', body: '{}' });
    expect(deleted).toMatchObject({ status: 200, body: { unlinked: 1 } });

    const booking = await getBooking(booked.body.booking.id);
    expect(booking).toMatchObject({ attendeeEmail: member.email, attendeeName: 'Leah Leaving', state: 'confirmed' });
    expect(booking?.userId).toBeUndefined();
    const attendees = await asAdmin<{ attendees: { id: string }[] }>(`/sessions/${session.id}/attendees`);
    expect(JSON.stringify(attendees.body)).toContain(booked.body.booking.id);
    expect((await asAdmin(`/users/${member.id}`)).status).toBe(404);
    expect((await asAdmin(`/users/${member.id}`, { method: 'DELETE', body: '{}' })).status).toBe(404);
    const { clientId } = await sitePool();
    await expect(idTokenOf(clientId, member.email, member.password)).rejects.toThrow();
    expect((await auditHistory({ kind: 'user', id: member.id }))[0]).toMatchObject({
      action: 'user.deleted',
      data: { keptAsGuest: 1 },
    });
  });
});

describe("a member's purchases on their page", () => {
  it("are listed with their bookings, and kept as a guest's for the account their address makes again", async () => {
    const member = await newMember('buyer');
    const session = await createSession({ title: 'Booked Beside' });
    await api(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      headers: bearer(member.token),
      body: JSON.stringify({ firstName: 'Bea', lastName: 'Buyer', email: member.email }),
    });
    const free = await createCode({ type: 'percentage', percentage: 100 });
    const { body } = await buy({ currency: 'EUR', discountCode: free }, member.token);

    const page = await asAdmin<AdminUserDetail>(`/users/${member.id}`);
    expect(page.body.items).toEqual([
      {
        id: body.purchaseId,
        kind: 'Purchase',
        title: 'Birth Breathwork Recordings',
        at: expect.any(String),
        status: 'paid',
        price: { amount: 0, currency: 'EUR' },
      },
      expect.objectContaining({ kind: 'Booking', title: 'Booked Beside' }),
    ]);

    // Deleted, the member's purchase becomes a guest's, which the account made again with the address claims.
    expect(await asAdmin(`/users/${member.id}`, { method: 'DELETE', body: '{}' })).toMatchObject({
      status: 200,
      body: { unlinked: 2 },
    });
    expect((await getPurchase(body.purchaseId, { consistent: true }))?.userId).toBeUndefined();
    const again = await signUp(member.email, 'with the code');
    const mine = await api<MemberPurchases>('/purchases', { headers: bearer(again) });
    expect(mine.body.purchases.map((purchase) => purchase.id)).toEqual([body.purchaseId]);
    expect((await api<PackageOffer>('/package', { headers: bearer(again) })).body.owned).toBe(true);
  });
});

describe('viewing the site as a user', () => {
  it('reads as the user, refuses every change, and records who, whom, when and when it ended', async () => {
    const member = await newMember('viewed');
    await asAdmin(`/users/${member.id}`, { method: 'PUT', body: JSON.stringify({ fullName: 'Vera Viewed' }) });
    const session = await createSession({ title: 'Viewed Breath' });
    const booked = await api<{ booking: { id: string } }>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      headers: bearer(member.token),
      body: JSON.stringify({ firstName: 'Vera', lastName: 'Viewed', email: member.email }),
    });

    const started = await asAdmin<ImpersonationView>(`/users/${member.id}/impersonation`, { method: 'POST', body: '{}' });
    expect(started.status).toBe(201);
    const view = started.body;
    expect(view.user).toEqual({ id: member.id, name: 'Vera Viewed', email: member.email });
    expect(JSON.stringify(view)).not.toMatch(/eyJ|password/i);
    const viewing = { ...bearer(adminToken), 'x-impersonation': view.id };

    const me = await api<MeView>('/me', { headers: viewing });
    expect(me.body).toEqual({
      user: { id: member.id, email: member.email, isAdmin: false },
      profile: { fullName: 'Vera Viewed', subscriptionStatus: 'Free' },
    });
    // The recordings as the user has them (their package), not as the administrator does.
    const premium = await createRecording();
    await givePackage(member.token);
    const accessTo = async (headers: Record<string, string>) => ({
      listed: (await api<RecordingList>('/recordings', { headers })).body.recordings.find((r) => r.id === premium.id)?.access,
      opened: (await api<RecordingDetail>(`/recordings/${premium.id}`, { headers })).body.recording.access,
    });
    expect(await accessTo(viewing)).toEqual({ listed: 'unlocked', opened: 'unlocked' });
    expect(await accessTo(bearer(adminToken))).toEqual({ listed: 'locked', opened: 'locked' });
    const bookings = await api<MemberBookingsPage>('/me/bookings?when=upcoming', { headers: viewing });
    expect(bookings.body.bookings.map((booking) => booking.id)).toEqual([booked.body.booking.id]);
    const one = await api(`/me/bookings/${booked.body.booking.id}`, { headers: viewing });
    expect(one.status).toBe(200);

    // Every change, on every kind of route, whatever the page sends.
    const writes: [string, string, unknown][] = [
      ['PUT', '/me/profile', { fullName: 'Changed By Admin' }],
      ['POST', `/bookings/${booked.body.booking.id}/cancel`, {}],
      ['POST', `/bookings/${booked.body.booking.id}/checkout`, {}],
      ['POST', `/sessions/${session.id}/bookings`, { firstName: 'Vera', lastName: 'Again', email: `${ulid()}@example.com` }],
      ['POST', `/sessions/${session.id}/waitlist`, { name: 'Vera', email: `${ulid()}@example.com`, phone: '1' }],
      ['POST', `/admin/users/${member.id}/password`, { password: 'secret-123' }],
    ];
    for (const [method, path, body] of writes) {
      const refused = await api<Answer<object>>(path, { method, headers: viewing, body: JSON.stringify(body) });
      expect({ path, status: refused.status, code: refused.body.code }).toEqual({
        path,
        status: 403,
        code: 'impersonation-read-only',
      });
    }
    expect((await getBooking(booked.body.booking.id))?.state).toBe('confirmed');
    expect((await api<MeView>('/me', { headers: bearer(member.token) })).body.profile.fullName).toBe('Vera Viewed');

    // Only the administrator who opened it, with their own token.
    const stranger = await signedInUser(`other-admin-${ulid().toLowerCase()}@example.com`, { admin: true });
    const borrowed = await api<Answer<object>>('/me', { headers: { ...bearer(stranger), 'x-impersonation': view.id } });
    expect(borrowed.status).toBe(403);
    const asMember = await api('/me', { headers: { ...bearer(member.token), 'x-impersonation': view.id } });
    expect(asMember.status).toBe(403);
    const listedForMember = await api('/recordings', { headers: { ...bearer(member.token), 'x-impersonation': view.id } });
    expect(listedForMember.status).toBe(403);
    // A view whose token no longer holds is told so (and renews it), not shown the library as a visitor sees it.
    expect((await api('/recordings', { headers: { ...bearer('not.a.token'), 'x-impersonation': view.id } })).status).toBe(401);
    expect((await api('/me', { headers: { 'x-impersonation': view.id } })).status).toBe(401);

    const ended = await asAdmin<ImpersonationView>(`/users/${member.id}/impersonation`, {
      method: 'DELETE',
      body: JSON.stringify({ impersonationId: view.id }),
    });
    expect(ended.status).toBe(200);
    expect(ended.body.endedAt).not.toBeNull();
    const afterEnd = await api<Answer<object>>('/me', { headers: viewing });
    expect({ status: afterEnd.status, code: afterEnd.body.code }).toEqual({ status: 403, code: 'impersonation-ended' });

    const history = await auditHistory({ kind: 'user', id: member.id });
    const started_ = history.find((entry) => entry.action === 'user.impersonation-started');
    const ended_ = history.find((entry) => entry.action === 'user.impersonation-ended');
    expect(started_).toMatchObject({ actor: { userId: adminId }, data: { impersonationId: view.id, expiresAt: view.expiresAt } });
    expect(ended_).toMatchObject({ actor: { userId: adminId }, at: ended.body.endedAt, data: { impersonationId: view.id } });
  });
});
