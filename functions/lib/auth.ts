import { errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { HttpError, signInRequired } from './errors';
import { environment } from './environment';
import { KeySetUnavailable, poolKeySet } from './pool-keys';
import { issuedBeforeSignOut } from './sign-outs';

/** The signed-in person making a request, from their verified Cognito ID token. */
export type Caller = {
  userId: string;
  email: string;
  /** As the token holds it: typed at sign-up, unchecked (nameFromAttributes keeps it only if it is a name). */
  name: string | null;
  groups: string[];
  isAdmin: boolean;
  /** Set when an administrator views the site as this user (an impersonation): who is viewing. */
  viewedBy?: { userId: string; email: string };
};

/** Who made a change, as the audit history names them. */
export type Actor = Pick<Caller, 'userId' | 'email'>;

export const ADMIN_GROUP = 'admin';

const keySets = new Map<string, JWTVerifyGetKey>();
function keySetOf(issuer: string) {
  let keySet = keySets.get(issuer);
  if (!keySet) {
    keySet = poolKeySet(new URL(`${issuer}/.well-known/jwks.json`));
    keySets.set(issuer, keySet);
  }
  return keySet;
}

/**
 * Verifies a Cognito ID token from the Authorization header: signature against the pool's
 * JWKS, issuer, audience (the web client), `token_use` and expiry, and that it was not issued
 * before its user was signed out everywhere. Anything short of that is 401.
 */
export async function verifyCaller(authorization: string | undefined): Promise<Caller> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) throw signInRequired();
  const issuer = environment('COGNITO_ISSUER');
  try {
    const { payload } = await jwtVerify(token, keySetOf(issuer), {
      issuer,
      audience: environment('USER_POOL_CLIENT_ID'),
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat', 'email'],
    });
    if (payload.token_use !== 'id') throw signInRequired();
    if (await issuedBeforeSignOut(payload.sub!, payload.iat!)) throw signInRequired();
    const named = [payload.given_name, payload.family_name].filter(Boolean).join(' ');
    const groups = Array.isArray(payload['cognito:groups']) ? payload['cognito:groups'].map(String) : [];
    return {
      userId: payload.sub!,
      email: String(payload.email),
      name: typeof payload.name === 'string' ? payload.name : named || null,
      groups,
      isAdmin: groups.includes(ADMIN_GROUP),
    };
  } catch (error) {
    if (error instanceof KeySetUnavailable) throw new HttpError(503, 'Sign-in cannot be checked right now. Please try again.');
    if (error instanceof errors.JOSEError || error instanceof HttpError) throw signInRequired();
    throw error;
  }
}
