import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { decodeJwt } from 'jose';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/lib/aws';
import { gsi2, tableName } from '../../functions/lib/table';
import { bookingKey } from '../../functions/domain/records/keys';
import type { MeView, MemberBookingView, MemberBookingsPage, ProfileView } from '../../functions/schemas/member';
import type { SiteConfig } from '../../functions/schemas/site-config';
import { api, siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';
import { signedInUser, signUp, sitePool } from '../support/users';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const address = (who: string) => `${who}-${ulid().toLowerCase()}@example.com`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function book(sessionId: string, email: string, token?: string): Promise<string> {
  const { status, body } = await api<{ booking: { id: string } }>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    headers: token ? bearer(token) : {},
    body: JSON.stringify({ firstName: 'Breath', lastName: 'Taker', email }),
  });
  expect(status).toBe(201);
  return body.booking.id;
}

const myBookings = (token: string, query = '') =>
  api<MemberBookingsPage & { message?: string }>(`/me/bookings${query}`, { headers: bearer(token) });

/** Every page of a list, following nextCursor, with the size of each page. */
async function allPages(token: string, query: string) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const { body }: { body: MemberBookingsPage } = await myBookings(token, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    pages.push(body.bookings.map((b) => b.session.title));
    cursor = body.nextCursor;
  } while (cursor);
  return pages;
}

/** As if time had passed: the session of a booking started `days` ago. */
async function moveIntoPast(bookingId: string, days: number) {
  const start = inDays(-days);
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: bookingKey(bookingId),
      UpdateExpression: 'SET #session.startTime = :start, #gsi2sk = :sk',
      ExpressionAttributeNames: { '#session': 'session', '#gsi2sk': gsi2.sortKey },
      ExpressionAttributeValues: { ':start': start, ':sk': `${start}#BOOKING#${bookingId}` },
    }),
  );
}

/** Signs up through the web client as a person does, then is confirmed with the code sent to the address or by an administrator. */
let member: string;
let otherMember: string;
beforeAll(async () => {
  member = await signedInUser(address('member'));
  otherMember = await signedInUser(address('other'));
});

describe('the member API', () => {
  it("links a signed-in member's booking to them: it is on their dashboard at once, with its session", async () => {
    const session = await createSession({
      title: 'Recorded Breath',
      description: 'Slow breathing, recorded.',
      category: 'Breathwork',
      recordingUrl: 'https://media.example.com/secret-recording.mp4',
    });
    const bookingId = await book(session.id, address('typed'), member);

    const { status, body } = await myBookings(member);
    expect(status).toBe(200);
    expect(body.bookings.find((b) => b.id === bookingId)).toEqual({
      id: bookingId,
      status: 'completed',
      paymentStatus: 'free',
      checkoutUrl: null,
      attended: false,
      session: {
        id: session.id,
        title: 'Recorded Breath',
        startTime: session.startTime,
        endTime: expect.any(String),
        location: 'Online',
        locationType: 'online',
        category: 'Breathwork',
      },
    });

    const one = await api<MemberBookingView>(`/me/bookings/${bookingId}`, { headers: bearer(member) });
    expect(one.status).toBe(200);
    expect(one.body.booking.session).toMatchObject({ description: 'Slow breathing, recorded.', hasRecording: true });
    expect(JSON.stringify(one.body)).not.toContain('secret-recording');
  });

  it("answers another member's booking exactly as a missing one, and keeps it off their list", async () => {
    const session = await createSession({ title: 'Private Breath' });
    const bookingId = await book(session.id, address('mine'), member);
    const theirs = await api(`/me/bookings/${bookingId}`, { headers: bearer(otherMember) });
    const missing = await api(`/me/bookings/${ulid()}`, { headers: bearer(otherMember) });
    expect(theirs).toEqual({ status: 404, body: { message: 'Booking not found' } });
    expect(missing).toEqual(theirs);
    const list = await myBookings(otherMember, '?status=all');
    expect(list.body.bookings.map((b) => b.id)).not.toContain(bookingId);
    // An anonymous booking links to nobody, whatever its address.
    const guestId = await book(session.id, address('guest'));
    expect((await api(`/me/bookings/${guestId}`, { headers: bearer(member) })).status).toBe(404);
  });

  it('lists upcoming soonest first and past latest first, a category at a time, in full pages', async () => {
    const token = await signedInUser(address('lister'));
    const plan = [
      ['Meditation', 'Still One', 1],
      ['Breathwork', 'Breath One', 2],
      ['Meditation', 'Still Two', 3],
      ['Breathwork', 'Breath Two', 4],
      ['Breathwork', 'Breath Three', 5],
      ['Meditation', 'Still Three', 6],
    ] as const;
    const ids: Record<string, string> = {};
    for (const [category, title, days] of plan) {
      const session = await createSession({ title, category, startTime: inDays(days) });
      ids[title] = await book(session.id, address('lister'), token);
    }
    await moveIntoPast(ids['Still One'], 3);
    await moveIntoPast(ids['Breath One'], 2);

    expect(await allPages(token, '?when=upcoming&limit=2')).toEqual([
      ['Still Two', 'Breath Two'],
      ['Breath Three', 'Still Three'],
    ]);
    expect(await allPages(token, '?when=past&limit=5')).toEqual([['Breath One', 'Still One']]);
    // The filter drops bookings between the matches; every page but the last is still full.
    expect(await allPages(token, '?when=upcoming&category=Breathwork&limit=1')).toEqual([['Breath Two'], ['Breath Three']]);
    expect(await allPages(token, '?when=upcoming&category=Meditation&limit=5')).toEqual([['Still Two', 'Still Three']]);

    // One seat rule: a cancelled booking is no longer attending, but the bookings page still shows
    // it; a hold released unpaid (a checkout left) was never the member's seat, and shows nowhere.
    const setState = (title: string, state: string) =>
      dynamo.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: bookingKey(ids[title]),
          UpdateExpression: 'SET #state = :state',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':state': state },
        }),
      );
    await setState('Breath Two', 'cancelled');
    await setState('Still Two', 'released');
    expect(await allPages(token, '?when=upcoming&category=Breathwork')).toEqual([['Breath Three']]);
    const all = await myBookings(token, '?when=upcoming&status=all');
    expect(all.body.bookings.map((b) => [b.session.title, b.status])).toEqual([
      ['Breath Two', 'cancelled'],
      ['Breath Three', 'completed'],
      ['Still Three', 'completed'],
    ]);
    expect((await myBookings(token, '?when=later')).status).toBe(400);
  });

  it('answers who the caller is with their profile, falling back when there is none, and saves their full name', async () => {
    const token = await signedInUser(address('nameless'));
    const before = await api<MeView>('/me', { headers: bearer(token) });
    expect(before.body.profile).toEqual({ fullName: null, subscriptionStatus: 'Free' });
    expect(before.body.user).toMatchObject({ email: expect.stringMatching(/^nameless-/), isAdmin: false });

    const saved = await api<ProfileView>('/me/profile', {
      method: 'PUT',
      headers: bearer(token),
      body: JSON.stringify({ fullName: '  Ada Breath  ' }),
    });
    expect(saved).toMatchObject({ status: 200, body: { profile: { fullName: 'Ada Breath', subscriptionStatus: 'Free' } } });
    const after = await api<MeView>('/me', { headers: bearer(token) });
    expect(after.body.profile).toEqual({ fullName: 'Ada Breath', subscriptionStatus: 'Free' });

    const refused = await api('/me/profile', {
      method: 'PUT',
      headers: bearer(token),
      body: JSON.stringify({ fullName: 'x'.repeat(201) }),
    });
    expect(refused).toMatchObject({ status: 400, body: { message: 'Full name is too long' } });
  });
});

describe('a new account is given the guest bookings of its verified address', () => {
  it('claims what the address booked as a guest once the sign-up code is confirmed, and nothing of another address', async () => {
    const email = address('guest');
    const session = await createSession({ title: 'Guest Breath' });
    const other = await createSession({ title: 'Someone Else Breath' });
    const guestBooking = await book(session.id, email);
    const othersBooking = await book(other.id, address('someone'));

    const token = await signUp(email, 'with the code');
    const { body } = await myBookings(token, '?status=all');
    expect(body.bookings.map((b) => b.id)).toEqual([guestBooking]);
    expect(body.bookings.map((b) => b.id)).not.toContain(othersBooking);
    const me = await api<MeView>('/me', { headers: bearer(token) });
    expect(me.body.profile).toEqual({ fullName: 'Nora Guest', subscriptionStatus: 'Free' });
  });

  it('gives nothing to an account confirmed without proof that the address is its own', async () => {
    const email = address('unproven');
    const session = await createSession({ title: 'Unclaimed Breath' });
    const guestBooking = await book(session.id, email);

    const token = await signUp(email, 'by an administrator');
    expect((await myBookings(token, '?status=all')).body.bookings).toEqual([]);
    expect((await api(`/me/bookings/${guestBooking}`, { headers: bearer(token) })).status).toBe(404);
    // Still a member with a profile.
    expect((await api<MeView>('/me', { headers: bearer(token) })).body.profile.fullName).toBe('Nora Guest');
  });

  it("nor to an account that changes its address to the guest's without confirming the new one", async () => {
    const email = address('changer');
    const guestEmail = address('guest');
    const session = await createSession({ title: 'Coveted Breath' });
    const guestBooking = await book(session.id, guestEmail);
    await signUp(email, 'with the code');
    const { clientId } = await sitePool();
    const cognito = new CognitoIdentityProviderClient({});
    const signIn = () =>
      cognito.send(
        new InitiateAuthCommand({
          ClientId: clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: 'breathe-in-slowly' },
        }),
      );
    const { AuthenticationResult } = await signIn();
    await cognito.send(
      new UpdateUserAttributesCommand({
        AccessToken: AuthenticationResult!.AccessToken!,
        UserAttributes: [{ Name: 'email', Value: guestEmail }],
      }),
    );
    // The address stays the confirmed one until the new one's code is confirmed (the pool's keepOriginal).
    const token = (await signIn()).AuthenticationResult!.IdToken!;
    expect(decodeJwt(token)).toMatchObject({ email, email_verified: true });
    expect((await myBookings(token, '?status=all')).body.bookings.map((b) => b.id)).not.toContain(guestBooking);
  });
});

describe("the site's run-time settings", () => {
  it('names the user pool and web client the stack provisioned, password sign-in against cognito-local, and the demo settings', async () => {
    const response = await fetch(`${siteUrl}/config.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const { userPoolId, clientId } = await sitePool();
    expect((await response.json()) as SiteConfig).toEqual({
      region: process.env.AWS_REGION,
      userPoolId,
      userPoolClientId: clientId,
      authFlow: 'USER_PASSWORD_AUTH',
      cognitoEndpoint: process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
      // Nothing that does not exist locally: no marketing site or social profile; Contact writes to the local admin.
      settings: { contactUrl: 'mailto:admin@breathwork.local', timeZone: 'Europe/London' },
    });
  });
});
