import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { routes, type Route } from '../../functions/routes';
import { api } from '../support/stack';
import { listedPlaces } from '../../functions/domain/records/waitlist';
import { createCode } from '../support/discounts';
import { createSession } from '../support/sessions';
import { payCheckout, waitForBooking } from '../support/stripe';
import { anotherPool, expiredCopyOf, signedInUser, tamperedCopyOf } from '../support/users';
import { decodeJwt } from 'jose';
import { createRecording } from '../support/recordings';

type CallerName = 'anonymous' | 'member' | 'another member' | 'admin' | 'tampered' | 'expired' | "another pool's";
const tokens = {} as Record<CallerName, string | undefined>;
const signedOut: CallerName[] = ['anonymous', 'tampered', 'expired', "another pool's"];
const signedInCallers: CallerName[] = ['member', 'another member', 'admin'];
let sessionId: string;
/** A booking of each signed-in caller, made with their token: the id their own-booking routes read. */
const ownBooking = {} as Record<CallerName, string>;
/** A paid booking of each signed-in caller, awaiting payment: the id their checkout route resumes. */
const ownPendingBooking = {} as Record<CallerName, string>;
/** A guest's booking with the token of its 'Manage booking' link, which signed-out callers hold. */
let guestBooking: { id: string; manageToken: string };
/** A member the admin's people routes act on (a new one for each deletion). */
let personId: string;
const newPerson = async () => decodeJwt(await signedInUser(`person-${ulid().toLowerCase()}@example.com`)).sub!;
/** A guest's purchase of the recordings package: its id is what the return page holds. */
let guestPurchaseId: string;
/** A free recording: anyone may open it, and every member may save their place in it. */
let recordingId: string;

beforeAll(async () => {
  const run = ulid().toLowerCase();
  tokens.anonymous = undefined;
  tokens.member = await signedInUser(`member-${run}@example.com`);
  tokens['another member'] = await signedInUser(`other-${run}@example.com`);
  tokens.admin = await signedInUser(`admin-${run}@example.com`, { admin: true });
  tokens.tampered = tamperedCopyOf(tokens.member);
  tokens.expired = await expiredCopyOf(tokens.member);
  tokens["another pool's"] = await signedInUser(`stranger-${run}@example.com`, { pool: await anotherPool() });
  sessionId = (await createSession({ title: 'Matrix Breath' })).id;
  personId = await newPerson();
  const paidSessionId = (await createSession({ title: 'Paid Matrix Breath', priceAmount: 1200 })).id;
  const bookAs = async (caller: CallerName, session: string) => {
    const { body } = await api<{ booking: { id: string } }>(`/sessions/${session}/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[caller]}` },
      body: JSON.stringify({ firstName: 'Own', lastName: 'Booking', email: `${ulid().toLowerCase()}@example.com` }),
    });
    return body.booking.id;
  };
  for (const caller of signedInCallers) {
    ownBooking[caller] = await bookAs(caller, sessionId);
    ownPendingBooking[caller] = await bookAs(caller, paidSessionId);
  }
  const guest = await api<{ booking: { id: string }; manageToken: string }>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Guest', lastName: 'Booking', email: `${ulid().toLowerCase()}@example.com` }),
  });
  guestBooking = { id: guest.body.booking.id, manageToken: guest.body.manageToken };
  const purchase = await api<{ purchaseId: string }>('/purchases', {
    method: 'POST',
    body: JSON.stringify({ email: `${ulid().toLowerCase()}@example.com`, currency: 'EUR' }),
  });
  guestPurchaseId = purchase.body.purchaseId;
  recordingId = (await createRecording({ title: 'Matrix Recording', isFree: true })).id;
});

/** A valid body for each route that takes one. */
const bodies: Record<string, (caller: CallerName) => unknown> = {
  'POST /sessions/{id}/bookings': (caller) => ({
    firstName: 'Matrix',
    lastName: caller.replace(/\W/g, ''),
    email: `${ulid().toLowerCase()}@example.com`,
  }),
  'PUT /me/profile': (caller) => ({ fullName: `Matrix ${caller}` }),
  // An unknown code: a 4xx for everyone, which a public route may answer.
  'POST /discount-codes/validate': () => ({ code: 'MATRIX', sessionId, currency: 'GBP' }),
  // A guest gives an address; a member's comes from their token, and each buys the package once here.
  'POST /purchases': () => ({ email: `${ulid().toLowerCase()}@example.com`, currency: 'EUR' }),
  // Sharing is open to anyone holding the session's or booking's id: each caller sends one.
  'POST /sessions/{id}/share': () => ({ email: `${ulid().toLowerCase()}@example.com` }),
  'POST /bookings/{id}/share': () => ({ email: `${ulid().toLowerCase()}@example.com` }),
  // Signed out, the guest's link; signed in, their own booking needs none.
  'POST /bookings/{id}/cancel': (caller) => (signedOut.includes(caller) ? { token: guestBooking.manageToken } : {}),
  'POST /bookings/{id}/checkout/cancel': (caller) => (signedOut.includes(caller) ? { token: guestBooking.manageToken } : {}),
  // Ends the guest's checkout: the first caller's answer says so, the others' that nothing is left to end.
  'POST /purchases/{id}/checkout/cancel': () => ({}),
  // The order is free already: a change to what it is changes nothing.
  'POST /admin/orders/{id}/status': () => ({ paymentStatus: 'free' }),
  'POST /admin/sessions': adminSessionForm,
  // One date, a year from now.
  'POST /admin/series': () => ({
    session: { title: 'Matrix series', description: 'A series of the matrix.' },
    schedule: {
      firstDate: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      time: '19:00',
      repeat: { every: 'week', days: ['tue'] },
      ends: { count: 1 },
    },
  }),
  'PUT /admin/sessions/{id}': adminSessionForm,
  // Step one of an upload (where to post the image): it writes nothing.
  'POST /admin/sessions/{id}/image-upload': () => ({ contentType: 'image/jpeg', size: 2048 }),
  // Goes to the matrix session's attendees: the callers' own bookings.
  'POST /admin/sessions/{id}/message': (caller) => ({ subject: `Matrix note from ${caller}`, message: 'See you there.' }),
  // A place given by the administrator on the matrix session, whatever its seats.
  'POST /admin/sessions/{id}/attendees': (caller) => ({
    firstName: 'Matrix',
    lastName: caller.replace(/\W/g, ''),
    email: `${ulid().toLowerCase()}@example.com`,
    payment: 'complimentary',
    beyondCapacity: true,
  }),
  'PUT /admin/sessions/{id}/attendees/{bookingId}/attendance': () => ({ attendance: 'attended' }),
  'POST /admin/discount-codes': () => ({ code: `MATRIX-${ulid()}` }),
  'POST /recordings/{id}/access': () => ({ email: `${ulid().toLowerCase()}@example.com` }),
  'PUT /recordings/{id}/progress': () => ({ positionSeconds: 12 }),
  'PUT /admin/discount-codes/{id}': () => ({ percentage: 15 }),
  // The default price, so no other test's purchase sees a different one.
  'PUT /admin/package-price': () => ({ amount: 6000, currency: 'EUR' }),
  'POST /admin/resources': resourceForm,
  'PUT /admin/resources/{id}': resourceForm,
  // Step one of an upload (where to post the video): it writes nothing.
  'POST /admin/resources/{id}/video-upload': () => ({ contentType: 'video/mp4', size: 4096 }),
  'POST /admin/recordings': recordingForm,
  'PUT /admin/recordings/{id}': recordingForm,
  // Step one of an upload (where to post the video): it writes nothing.
  'POST /admin/recordings/upload': () => ({ kind: 'video', contentType: 'video/mp4', size: 4096 }),
  'PUT /admin/users/{id}': (caller) => ({ fullName: `Matrix ${caller.replace(/\W/g, '')}` }),
  'POST /admin/users/{id}/password': () => ({ password: `matrix-${ulid()}` }),
};

function resourceForm(caller: CallerName) {
  return { title: `Matrix resource of ${caller}`, videos: [{ title: 'Linked', url: 'https://video.example/matrix' }] };
}

/** A recording linked from elsewhere, last in the library's order. */
function recordingForm(caller: CallerName) {
  return {
    title: `Matrix recording of ${caller}`,
    isFree: true,
    orderIndex: 999_999,
    durationSeconds: 4,
    videoUrl: 'https://videos.example/matrix.mp4',
  };
}

/** A resource of its own, for the routes that read or edit one. */
async function resourceOfItsOwn() {
  const { body } = await api<{ id: string }>('/admin/resources', {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.admin}` },
    body: JSON.stringify({ title: 'Matrix resource' }),
  });
  return body.id;
}

/** The body that ends a view as the person: the admin's own view, opened first; anyone else's call is refused before it is read. */
async function impersonationToEnd(caller: CallerName) {
  if (caller !== 'admin') return { impersonationId: 'x'.repeat(43) };
  const { body } = await api<{ id: string }>(`/admin/users/${personId}/impersonation`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.admin}` },
    body: '{}',
  });
  return { impersonationId: body.id };
}

/** A session of its own with someone to remove or check in: an attendee, or a place on its waitlist. */
async function pathToRemove(route: Route) {
  const session = await createSession({
    title: 'Matrix Breath full',
    maxAttendees: 1,
    // Check-in opens on the day.
    ...(route.path.endsWith('/attendance') && { startTime: new Date(Date.now() + 3_600_000).toISOString() }),
  });
  const attendee = await api<{ booking: { id: string } }>(`/sessions/${session.id}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Matrix', lastName: 'Attendee', email: `${ulid().toLowerCase()}@example.com` }),
  });
  if (route.path.includes('{bookingId}'))
    return route.path.replace('{id}', session.id).replace('{bookingId}', attendee.body.booking.id);
  await api(`/sessions/${session.id}/waitlist`, {
    method: 'POST',
    body: JSON.stringify({ name: 'Matrix Waiting', email: `${ulid().toLowerCase()}@example.com`, phone: '+44 7700 900123' }),
  });
  const [place] = await listedPlaces(session.id);
  return route.path.replace('{id}', session.id).replace('{entryId}', place.id);
}

/** A guest's purchase awaiting payment that nothing else touches (one the administrator can delete). */
async function purchaseOfItsOwn() {
  const { body } = await api<{ purchaseId: string }>('/purchases', {
    method: 'POST',
    body: JSON.stringify({ email: `${ulid().toLowerCase()}@example.com`, currency: 'EUR' }),
  });
  return body.purchaseId;
}

/** A confirmed booking nothing else touches, paid when asked (one the administrator can refund). */
async function bookingOfItsOwn({ paid }: { paid: boolean }) {
  const session = await createSession({ title: 'Matrix Breath order', priceAmount: paid ? 1500 : 0 });
  const { body } = await api<{ booking: { id: string }; checkoutUrl: string | null }>(`/sessions/${session.id}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Matrix', lastName: 'Order', email: `${ulid().toLowerCase()}@example.com` }),
  });
  if (body.checkoutUrl) {
    await payCheckout(body.checkoutUrl);
    await waitForBooking(body.booking.id, (booking) => booking.status === 'completed');
  }
  return body.booking.id;
}

function adminSessionForm() {
  return {
    title: 'Matrix Breath',
    description: 'A session of the matrix.',
    startTime: new Date(Date.now() + 86_400_000).toISOString(),
  };
}

/** The routes by which an attendee gives up their own booking, or its checkout (a confirmed booking's answers that nothing was released). */
const cancelsOwnBooking = (route: Route) =>
  route.path === '/bookings/{id}/cancel' || route.path === '/bookings/{id}/checkout/cancel';

/**
 * A request each route can take: its path filled with a real id (the caller's own booking on
 * /me/bookings/{id} and its cancellation, or signed out the guest's, their own pending one on its
 * checkout, a booking on the admin's booking routes and its share route, a guest's purchase on its
 * status route and its cancellation, the admin's purchase routes (one of its own to delete), a session nobody booked
 * for its deletion or cancellation, a discount code of its own, a free recording on the recordings' routes, a
 * recording of its own for the admin's, a session elsewhere), a valid body where it has one.
 */
async function requestFor(route: Route, caller: CallerName) {
  const id =
    (route.method === 'DELETE' && route.path === '/admin/sessions/{id}') || route.path === '/admin/sessions/{id}/cancel'
      ? (await createSession({ title: 'Matrix Breath to delete or cancel' })).id
      : cancelsOwnBooking(route) && signedOut.includes(caller)
        ? guestBooking.id
        : route.path.startsWith('/me/bookings/') || cancelsOwnBooking(route)
          ? (ownBooking[caller] ?? ulid())
          : route.path === '/bookings/{id}/checkout'
            ? (ownPendingBooking[caller] ?? ulid())
            : route.path.startsWith('/admin/bookings/') || route.path === '/bookings/{id}/share'
              ? ownBooking.admin
              : route.path.startsWith('/purchases/{id}')
                ? guestPurchaseId
                : route.path.startsWith('/recordings/')
                  ? recordingId
                  : sessionId;
  let path = route.path.replace('{id}', id);
  if (route.path === '/admin/discount-codes/{id}') {
    path = route.path.replace('{id}', await createCode({ type: 'percentage', percentage: 10 }));
  }
  if (route.path === '/admin/resources/{id}') path = route.path.replace('{id}', await resourceOfItsOwn());
  if (route.path === '/admin/recordings/{id}') {
    path = route.path.replace('{id}', (await createRecording({ title: 'Matrix recording', orderIndex: 999_999 })).id);
  }
  if (path.includes('{bookingId}') || path.includes('{entryId}')) path = await pathToRemove(route);
  if (route.path.startsWith('/admin/users/{id}')) {
    path = route.path.replace(
      '{id}',
      route.method === 'DELETE' && route.path === '/admin/users/{id}' ? await newPerson() : personId,
    );
  }
  if (route.path === '/admin/purchases/{id}') {
    path = route.path.replace('{id}', route.method === 'DELETE' ? await purchaseOfItsOwn() : guestPurchaseId);
  }
  if (route.path.startsWith('/admin/orders/{id}')) {
    path = route.path.replace('{id}', await bookingOfItsOwn({ paid: route.path.endsWith('/refund') }));
  }
  const makeBody = bodies[`${route.method} ${route.path}`];
  const body =
    route.method === 'DELETE' && route.path === '/admin/users/{id}/impersonation'
      ? JSON.stringify(await impersonationToEnd(caller))
      : makeBody
        ? JSON.stringify(makeBody(caller))
        : undefined;
  const token = tokens[caller];
  return api<{ message?: string }>(path, {
    method: route.method,
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('who may call what: every catalogue route for every kind of caller', () => {
  // A page is public and renders the same for everyone (test/integration/session-page.test.ts).
  for (const route of routes.filter((r) => r.access !== 'webhook' && !r.page)) {
    it(`${route.method} ${route.path} (${route.access})`, async () => {
      for (const caller of [...signedOut, ...signedInCallers]) {
        const { status, body } = await requestFor(route, caller);
        const answered = `${caller} got ${status}`;
        expect(status, answered).toBeLessThan(500);
        if (route.access === 'public') {
          expect([401, 403], answered).not.toContain(status);
        } else if (route.access === 'member-or-guest' && caller === 'anonymous') {
          // A guest with their booking's link; a token that does not hold is refused even with one.
          expect(status, answered).toBeLessThan(400);
        } else if (signedOut.includes(caller)) {
          expect({ status, body }, answered).toEqual({ status: 401, body: { message: 'Unauthorized' } });
        } else if (route.access === 'admin' && caller !== 'admin') {
          expect({ status, body }, answered).toEqual({
            status: 403,
            body: { message: 'This page is for the site administrator only.' },
          });
        } else {
          expect(status, answered).toBeLessThan(400);
        }
      }
    });
  }

  it('tells each member about themselves only', async () => {
    const me = await api<{ user: { id: string; email: string; isAdmin: boolean } }>('/me', {
      headers: { authorization: `Bearer ${tokens.member}` },
    });
    const other = await api<{ user: { id: string; email: string; isAdmin: boolean } }>('/me', {
      headers: { authorization: `Bearer ${tokens['another member']}` },
    });
    const admin = await api<{ user: { isAdmin: boolean } }>('/me', { headers: { authorization: `Bearer ${tokens.admin}` } });
    expect(me.body.user.email).toMatch(/^member-/);
    expect(other.body.user.email).toMatch(/^other-/);
    expect(me.body.user.id).not.toBe(other.body.user.id);
    expect([me.body.user.isAdmin, other.body.user.isAdmin, admin.body.user.isAdmin]).toEqual([false, false, true]);
  });

  it("lists a session's attendees, oldest first, a page at a time", async () => {
    const session = await createSession({ title: 'Attended Breath' });
    for (const name of ['First', 'Second', 'Third']) {
      await api(`/sessions/${session.id}/bookings`, {
        method: 'POST',
        body: JSON.stringify({
          firstName: name,
          lastName: 'Guest',
          email: `${name.toLowerCase()}-${ulid().toLowerCase()}@example.com`,
        }),
      });
    }
    const admin = { authorization: `Bearer ${tokens.admin}` };
    type Page = { attendees: { name: string }[]; nextCursor: string | null };
    const first = await api<Page>(`/admin/sessions/${session.id}/attendees?limit=2`, { headers: admin });
    const second = await api<Page>(`/admin/sessions/${session.id}/attendees?limit=2&cursor=${first.body.nextCursor}`, {
      headers: admin,
    });
    expect([...first.body.attendees, ...second.body.attendees].map((a) => a.name)).toEqual([
      'First Guest',
      'Second Guest',
      'Third Guest',
    ]);
    expect(second.body.nextCursor).toBeNull();
    expect((await api(`/admin/sessions/${ulid()}/attendees`, { headers: admin })).status).toBe(404);
  });
});
