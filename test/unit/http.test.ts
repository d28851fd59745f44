import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createServer, type Server } from 'node:http';
import { decodeJwt, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { httpRoute, signedIn } from '../../functions/lib/http';
import { networkOf, openRoute } from '../../functions/lib/route-handler';
import { notFound } from '../../functions/lib/errors';
import { signedIdToken } from '../support/id-tokens';

const context = { functionName: 'test', awsRequestId: 'r1' } as Context;
const SECRET = 'origin-secret-for-tests';
const POST_BOOKING = 'POST /api/sessions/{id}/bookings';
const GET_ME = 'GET /api/me';
const GET_ATTENDEES = 'GET /api/admin/sessions/{id}/attendees';
const POST_CANCEL = 'POST /api/bookings/{id}/cancel';

function event(routeKey: string, fields: Partial<APIGatewayProxyEventV2> & { headers?: Record<string, string> } = {}) {
  const method = routeKey.split(' ')[0];
  return {
    routeKey,
    requestContext: { http: { method, sourceIp: '192.0.2.1' } },
    ...fields,
    headers: { 'x-origin-verify': SECRET, 'content-type': 'application/json', ...fields.headers },
  } as unknown as APIGatewayProxyEventV2;
}
async function call(handler: ReturnType<typeof httpRoute>, routeKey: string, fields: Parameters<typeof event>[1] = {}) {
  const result = await handler(event(routeKey, fields), context);
  return { status: result.statusCode, body: JSON.parse(result.body as string) };
}

const route = httpRoute(
  {
    params: z.object({ id: z.string().check(z.minLength(2, 'Id too short')) }),
    body: z.object({ name: z.string({ error: 'Name is required' }) }),
  },
  async ({ params, body, clientAddress }) => {
    if (params.id === 'gone') throw notFound('Session not found');
    if (params.id === 'boom') throw new Error('database exploded at 10.0.0.1');
    if (params.id === 'down') throw Object.assign(new Error('Service Unavailable'), { $fault: 'server' });
    return { status: 201, body: { id: params.id, name: body.name, clientAddress } };
  },
);
const whoAmI = httpRoute({}, async (input) => ({ body: signedIn(input) }));

// The table holds no sign-out unless a test writes one; every user has their authenticator app on
// unless a test says otherwise.
const table = mockClient(DynamoDBDocumentClient);
const pool = mockClient(CognitoIdentityProviderClient);
beforeEach(() => {
  table.reset();
  table.on(GetCommand).resolves({});
  pool.reset();
  pool.on(AdminGetUserCommand).resolves({ Username: 'user-1', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
});

// A stand-in user pool: its own signing key, served as a JWKS on loopback.
let server: Server;
let issuer: string;
let sign: (
  claims: { iss?: string; aud?: string; [claim: string]: unknown },
  options?: { expiresIn?: string; key?: 'pool' | 'other' },
) => Promise<string>;

beforeAll(async () => {
  const pool = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(pool.publicKey)), kid: 'pool-key', alg: 'RS256', use: 'sig' };
  server = createServer((_, response) => response.end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}/eu-west-2_pool`;
  Object.assign(process.env, {
    ORIGIN_VERIFY_SECRET: SECRET,
    COGNITO_ISSUER: issuer,
    USER_POOL_CLIENT_ID: 'web-client',
    TABLE_NAME: 'table',
  });
  sign = (claims, options = {}) =>
    signedIdToken(options.key === 'other' ? other.privateKey : pool.privateKey, {
      issuer,
      kid: 'pool-key',
      claims,
      expiresIn: options.expiresIn,
    });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('httpRoute', () => {
  it('hands parsed input to the route and returns its JSON', async () => {
    const answer = await call(route, POST_BOOKING, {
      pathParameters: { id: 'ab' },
      body: '{"name":"Ada"}',
      headers: { 'cloudfront-viewer-address': '2001:db8::7:443' },
    });
    expect(answer).toEqual({ status: 201, body: { id: 'ab', name: 'Ada', clientAddress: '2001:db8:0:0::/64' } });
  });

  it('reads a base64 body as API Gateway sends it', async () => {
    const body = Buffer.from('{"name":"Ada"}').toString('base64');
    expect((await call(route, POST_BOOKING, { pathParameters: { id: 'ab' }, body, isBase64Encoded: true })).status).toBe(201);
  });

  it('answers 400 naming every bad field of path and body', async () => {
    expect(await call(route, POST_BOOKING, { pathParameters: { id: 'a' }, body: '{}' })).toEqual({
      status: 400,
      body: {
        message: 'Id too short',
        errors: [
          { field: 'params.id', message: 'Id too short' },
          { field: 'body.name', message: 'Name is required' },
        ],
      },
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    expect(await call(route, POST_BOOKING, { pathParameters: { id: 'ab' }, body: '{nope' })).toEqual({
      status: 400,
      body: { message: 'The request body must be valid JSON.' },
    });
  });

  it('refuses a state-changing request that is not JSON, as a cross-site form would send it', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const answer = await call(route, POST_BOOKING, {
        pathParameters: { id: 'ab' },
        body: '{"name":"Ada"}',
        headers: { 'content-type': type },
      });
      expect(answer.status, type).toBe(415);
    }
    const charset = await call(route, POST_BOOKING, {
      pathParameters: { id: 'ab' },
      body: '{"name":"Ada"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(201);
  });

  it('refuses requests that did not come through the site', async () => {
    for (const secret of ['', 'wrong', `${SECRET}x`]) {
      const answer = await call(route, POST_BOOKING, {
        pathParameters: { id: 'ab' },
        body: '{"name":"Ada"}',
        headers: { 'x-origin-verify': secret },
      });
      expect(answer).toEqual({ status: 403, body: { message: 'Requests must come through the site.' } });
    }
  });

  it('maps HttpErrors to their status, an unavailable service to 503, and hides the details of anything else', async () => {
    expect(await call(route, POST_BOOKING, { pathParameters: { id: 'gone' }, body: '{"name":"x"}' })).toEqual({
      status: 404,
      body: { message: 'Session not found' },
    });
    expect((await call(route, POST_BOOKING, { pathParameters: { id: 'down' }, body: '{"name":"x"}' })).status).toBe(503);
    const crash = await call(route, POST_BOOKING, { pathParameters: { id: 'boom' }, body: '{"name":"x"}' });
    expect(crash.status).toBe(500);
    expect(JSON.stringify(crash.body)).not.toContain('10.0.0.1');
  });

  it('refuses a route that is not in the catalogue', async () => {
    expect((await call(whoAmI, 'GET /api/nowhere')).status).toBe(500);
  });
});

describe('access from the catalogue', () => {
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  it('hands a member route the verified caller', async () => {
    const token = await sign({ name: 'Ada Lovelace', 'cognito:groups': ['readers'] });
    expect(await call(whoAmI, GET_ME, bearer(token))).toEqual({
      status: 200,
      body: { userId: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace', groups: ['readers'], isAdmin: false },
    });
  });

  it('answers 401 without a valid ID token of this pool and client', async () => {
    const valid = await sign({});
    const tampered = valid.slice(0, valid.lastIndexOf('.') + 1) + 'A'.repeat(20);
    const bad = [
      {},
      { headers: { authorization: valid } },
      bearer(tampered),
      bearer(await sign({}, { expiresIn: '-1m' })),
      bearer(await sign({}, { key: 'other' })),
      bearer(await sign({ iss: 'https://cognito-idp.eu-west-2.amazonaws.com/another_pool' })),
      bearer(await sign({ aud: 'another-client' })),
      bearer(await sign({ token_use: 'access' })),
      bearer('not.a.token'),
    ];
    for (const fields of bad) {
      expect(await call(whoAmI, GET_ME, fields)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    }
  });

  it('lets only the admin group into admin routes', async () => {
    const member = await sign({});
    const admin = await sign({ 'cognito:groups': ['admin'] });
    expect((await call(whoAmI, GET_ATTENDEES, bearer(member))).status).toBe(403);
    expect(await call(whoAmI, GET_ATTENDEES, bearer(admin))).toMatchObject({ status: 200, body: { isAdmin: true } });
  });

  it('asks the pool whether an administrator has their authenticator app on, and refuses admin routes until they do', async () => {
    pool.on(AdminGetUserCommand, { Username: 'no-app' }).resolves({ Username: 'no-app', UserMFASettingList: [] });
    const withoutApp = await sign({ sub: 'no-app', 'cognito:groups': ['admin'] });
    expect(await call(whoAmI, GET_ATTENDEES, bearer(withoutApp))).toEqual({
      status: 403,
      body: { message: 'Set up two-step sign-in to use the admin area.', code: 'second-factor-required' },
    });
    // Member routes do not ask: the pool is asked about administrators on their own routes alone.
    expect((await call(whoAmI, GET_ME, bearer(withoutApp))).status).toBe(200);
    expect(pool.commandCalls(AdminGetUserCommand).map((call) => call.args[0].input.Username)).toEqual(['no-app']);
    // Once found on, asked again only after a minute.
    const withApp = await sign({ sub: 'has-app', 'cognito:groups': ['admin'] });
    expect((await call(whoAmI, GET_ATTENDEES, bearer(withApp))).status).toBe(200);
    expect((await call(whoAmI, GET_ATTENDEES, bearer(withApp))).status).toBe(200);
    expect(pool.commandCalls(AdminGetUserCommand, { Username: 'has-app' })).toHaveLength(1);
  });

  it('refuses a token issued before its user was signed out everywhere, and takes one issued after', async () => {
    const before = await sign({ sub: 'signed-out' });
    table.on(GetCommand, { Key: { pk: 'USER#signed-out', sk: 'SIGNED-OUT' } }).resolves({
      Item: { at: new Date(Date.now() + 2000).toISOString() },
    });
    expect((await call(whoAmI, GET_ME, bearer(before))).status).toBe(401);
    // Issued in the very second of the sign-out: it may have come before it.
    table.on(GetCommand, { Key: { pk: 'USER#signed-out', sk: 'SIGNED-OUT' } }).resolves({
      Item: { at: new Date(decodeJwt(before).iat! * 1000 + 999).toISOString() },
    });
    expect((await call(whoAmI, GET_ME, bearer(before))).status).toBe(401);
    table.on(GetCommand, { Key: { pk: 'USER#signed-out', sk: 'SIGNED-OUT' } }).resolves({
      Item: { at: new Date(Date.now() - 2000).toISOString() },
    });
    expect((await call(whoAmI, GET_ME, bearer(before))).status).toBe(200);
  });

  it('names the caller of a public route with a valid token, and treats any other as a visitor', async () => {
    const whoBooks = httpRoute({}, async ({ caller }) => ({ body: { userId: caller?.userId ?? null } }));
    const asked = (fields: Parameters<typeof event>[1]) => call(whoBooks, POST_BOOKING, { body: '{}', ...fields });
    expect(await asked(bearer(await sign({})))).toEqual({ status: 200, body: { userId: 'user-1' } });
    for (const fields of [
      {},
      { headers: { authorization: 'Bearer junk' } },
      bearer(await sign({}, { expiresIn: '-1m' })),
      bearer(await sign({}, { key: 'other' })),
      bearer(await sign({ aud: 'another-client' })),
    ]) {
      expect(await asked(fields)).toEqual({ status: 200, body: { userId: null } });
    }
  });
});

describe('a member-or-guest route', () => {
  const whoCancels = httpRoute({}, async ({ caller }) => ({ body: { userId: caller?.userId ?? null } }));
  const asked = (fields: Parameters<typeof event>[1] = {}) => call(whoCancels, POST_CANCEL, { body: '{}', ...fields });
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  it('lets a guest without a token through, and names a member by their valid token', async () => {
    expect(await asked()).toEqual({ status: 200, body: { userId: null } });
    expect(await asked(bearer(await sign({})))).toEqual({ status: 200, body: { userId: 'user-1' } });
  });

  it('never runs a route that verifies no caller where the catalogue restricts it', async () => {
    let ran = false;
    const open = openRoute({}, async () => {
      ran = true;
      return { body: {} };
    });
    expect((await call(open, GET_ME)).status).toBe(500);
    expect((await call(open, GET_ATTENDEES)).status).toBe(500);
    expect(ran).toBe(false);
  });

  it('refuses a caller before reading their input: 401, not what the body lacked', async () => {
    const rename = httpRoute({ body: z.object({ fullName: z.string({ error: 'Full name is required' }) }) }, async (input) => ({
      body: signedIn(input),
    }));
    expect(await call(rename, 'PUT /api/me/profile', { body: '{}' })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('answers 401 to a token that is sent but does not hold, rather than treating its sender as a guest', async () => {
    for (const fields of [
      { headers: { authorization: 'Bearer junk' } },
      bearer(await sign({}, { expiresIn: '-1m' })),
      bearer(await sign({}, { key: 'other' })),
      bearer(await sign({ aud: 'another-client' })),
    ]) {
      expect(await asked(fields)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    }
  });
});

describe('networkOf', () => {
  it('counts an IPv4 address as itself and an IPv6 address by its /64', () => {
    expect(networkOf('203.0.113.9')).toBe('203.0.113.9');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0DB8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });
});

describe("an administrator's view of the site as a user", () => {
  const viewAs = httpRoute({}, async (input) => ({ body: signedIn(input) }), {
    viewAsMember: async (admin, id) => ({
      userId: `viewed-by-${id}`,
      email: 'viewed@example.com',
      name: null,
      groups: [],
      isAdmin: false,
      viewedBy: { userId: admin.userId, email: admin.email },
    }),
  });
  const bearer = async (groups: string[]) => ({ authorization: `Bearer ${await sign({ 'cognito:groups': groups })}` });

  it('refuses every change made in it before anything runs, signed in or not', async () => {
    for (const headers of [{}, await bearer(['admin'])]) {
      const refused = await call(route, POST_BOOKING, {
        pathParameters: { id: 'abc' },
        body: JSON.stringify({ name: 'Ada' }),
        headers: { ...headers, 'x-impersonation': 'view-1' },
      });
      expect(refused).toMatchObject({ status: 403, body: { code: 'impersonation-read-only' } });
    }
  });

  it('runs a GET member route as the viewed user for an administrator, and for nobody else', async () => {
    const viewed = await call(viewAs, GET_ME, { headers: { ...(await bearer(['admin'])), 'x-impersonation': 'view-1' } });
    expect(viewed).toMatchObject({ status: 200, body: { userId: 'viewed-by-view-1', viewedBy: { userId: 'user-1' } } });
    const member = await call(viewAs, GET_ME, { headers: { ...(await bearer([])), 'x-impersonation': 'view-1' } });
    expect(member.status).toBe(403);
    // A member route that cannot be viewed as a user refuses rather than answer as the administrator.
    const notViewable = await call(whoAmI, GET_ME, { headers: { ...(await bearer(['admin'])), 'x-impersonation': 'view-1' } });
    expect(notViewable.status).toBe(403);
    expect((await call(viewAs, GET_ME, { headers: await bearer(['admin']) })).body.userId).toBe('user-1');
  });
});
