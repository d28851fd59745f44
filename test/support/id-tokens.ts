import { SignJWT, type CryptoKey } from 'jose';

/**
 * An ID token as a Cognito user pool signs one (`token_use: 'id'`, the member's e-mail, the web
 * client as audience), signed with a stand-in pool's key; `claims` add to or replace its claims.
 */
export function signedIdToken(
  privateKey: CryptoKey,
  {
    issuer,
    kid,
    claims = {},
    expiresIn = '1h',
  }: { issuer: string; kid: string; claims?: Record<string, unknown>; expiresIn?: string },
): Promise<string> {
  return new SignJWT({ token_use: 'id', email: 'ada@example.com', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(typeof claims.iss === 'string' ? claims.iss : issuer)
    .setAudience(typeof claims.aud === 'string' ? claims.aud : 'web-client')
    .setSubject(typeof claims.sub === 'string' ? claims.sub : 'user-1')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(privateKey);
}
