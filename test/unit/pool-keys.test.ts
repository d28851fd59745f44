import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import { errors, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import { KeySetUnavailable, poolKeySet } from '../../functions/lib/pool-keys';
import { keySetLimits } from '../../functions/lib/outbound-limits';
import { verifyCaller } from '../../functions/lib/auth';
import { signedIdToken } from '../support/id-tokens';
import { HttpError } from '../../functions/lib/errors';

type Key = Awaited<ReturnType<typeof generateKeyPair>> & { jwk: JWK };
async function poolKey(kid: string): Promise<Key> {
  const pair = await generateKeyPair('RS256');
  return { ...pair, jwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' } };
}
const signedWith = (key: Key) =>
  new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid! }).setExpirationTime('1h').sign(key.privateKey);

// A stand-in user pool's key set: what it serves, and how often it was asked.
let server: Server;
let jwksUrl: URL;
let served: { status: number; body: unknown };
const keySetOf = (keys: Key[]) => ({ keys: keys.map((key) => key.jwk) });
let fetches = 0;
let first: Key;
let rotated: Key;

beforeAll(async () => {
  [first, rotated] = await Promise.all([poolKey('first'), poolKey('rotated')]);
  server = createServer((_, response) => {
    fetches++;
    response.statusCode = served.status;
    response.end(JSON.stringify(served.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}/pool/.well-known/jwks.json`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.useRealTimers());

function freshPool(keys: Key[], status = 200) {
  served = { status, body: keySetOf(keys) };
  fetches = 0;
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T10:00:00Z') });
  return poolKeySet(jwksUrl);
}

describe('the user pool key set', () => {
  it('fetches the keys once for many tokens', async () => {
    const keySet = freshPool([first]);
    for (let i = 0; i < 3; i++) await jwtVerify(await signedWith(first), keySet);
    expect(fetches).toBe(1);
  });

  it('fetches them once for tokens that arrive together', async () => {
    const keySet = freshPool([first]);
    const tokens = await Promise.all([signedWith(first), signedWith(first), signedWith(first)]);
    await Promise.all(tokens.map((token) => jwtVerify(token, keySet)));
    expect(fetches).toBe(1);
  });

  it('keeps the keys it has when fetching them again fails', async () => {
    const keySet = freshPool([first]);
    await jwtVerify(await signedWith(first), keySet);
    vi.advanceTimersByTime(keySetLimits.refetchCooldownMs);
    served = { status: 503, body: {} };
    // A token naming a key the set lacks asks the pool, which cannot answer...
    await expect(jwtVerify(await signedWith(rotated), keySet)).rejects.toBeInstanceOf(KeySetUnavailable);
    // ...and tokens signed with the keys held go on verifying, without asking again.
    await jwtVerify(await signedWith(first), keySet);
    await expect(jwtVerify(await signedWith(rotated), keySet)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    expect(fetches).toBe(2);
  });

  it('fetches them again after ten minutes', async () => {
    const keySet = freshPool([first]);
    await jwtVerify(await signedWith(first), keySet);
    vi.advanceTimersByTime(keySetLimits.maxAgeMs - 1);
    await jwtVerify(await signedWith(first), keySet);
    expect(fetches).toBe(1);
    vi.advanceTimersByTime(1);
    await jwtVerify(await signedWith(first), keySet);
    expect(fetches).toBe(2);
  });

  it('fetches them again for a token signed with a key the set lacks, at most every 30 s', async () => {
    const keySet = freshPool([first]);
    await jwtVerify(await signedWith(first), keySet);
    served.body = keySetOf([first, rotated]);
    // Within the cooldown, an unknown key is refused without asking the pool: forged key ids cannot make every request fetch.
    await expect(jwtVerify(await signedWith(rotated), keySet)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    expect(fetches).toBe(1);
    vi.advanceTimersByTime(keySetLimits.refetchCooldownMs);
    await jwtVerify(await signedWith(rotated), keySet);
    expect(fetches).toBe(2);
  });

  it('refuses a key the pool does not have, after asking it once', async () => {
    const keySet = freshPool([first]);
    await expect(jwtVerify(await signedWith(rotated), keySet)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    expect(fetches).toBe(1);
  });

  it('is unavailable when the pool answers an error or no key set, and asks again at the next token', async () => {
    const keySet = freshPool([first], 500);
    await expect(jwtVerify(await signedWith(first), keySet)).rejects.toBeInstanceOf(KeySetUnavailable);
    served = { status: 200, body: { keys: 'none' } };
    await expect(jwtVerify(await signedWith(first), keySet)).rejects.toBeInstanceOf(KeySetUnavailable);
    served = { status: 200, body: keySetOf([first]) };
    await jwtVerify(await signedWith(first), keySet);
    expect(fetches).toBe(3);
  });

  it('is unavailable when the pool cannot be reached, and the caller hears 503, not 401', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(closed.address() as { port: number }).port}/pool`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    process.env.COGNITO_ISSUER = issuer;
    process.env.USER_POOL_CLIENT_ID = 'web-client';
    const token = await signedIdToken(first.privateKey, { issuer, kid: 'first' });
    const refusal = await verifyCaller(`Bearer ${token}`).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ statusCode: 503, message: 'Sign-in cannot be checked right now. Please try again.' });
  });
});
