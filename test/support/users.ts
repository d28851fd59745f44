import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { importJWK, SignJWT, decodeJwt, type JWK } from 'jose';
import { userPoolSettings } from '../../infra/resources';
import { createConfirmedUser } from '../../local/administrators';
import { authenticatorCode, turnOnAuthenticator } from './authenticator';

const cognito = new CognitoIdentityProviderClient({});

/** The local stack's user pool and web client, found as a person would find them in the console. */
export async function sitePool(): Promise<{ userPoolId: string; clientId: string }> {
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  const pool = pools.UserPools?.find((p) => p.Name === userPoolSettings.name);
  if (!pool?.Id) throw new Error('The local stack has no user pool');
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: pool.Id }));
  return { userPoolId: pool.Id, clientId: clients.UserPoolClients![0].ClientId! };
}

/**
 * Creates a confirmed user (in the admin group if asked) and signs them in: their ID token. An
 * administrator turns on an authenticator app first, as the admin area asks, and signs in with its code.
 */
export async function signedInUser(
  email: string,
  options: { admin?: boolean; name?: string; password?: string; pool?: { userPoolId: string; clientId: string } } = {},
): Promise<string> {
  const pool = options.pool ?? (await sitePool());
  const password = options.password ?? randomBytes(12).toString('base64url');
  if (!options.admin) {
    await createConfirmedUser(cognito, pool.userPoolId, { email, password, name: options.name });
    return idTokenOf(pool.clientId, email, password);
  }
  const key = await administratorWithAuthenticator(email, { name: options.name, password, pool });
  return idTokenOf(pool.clientId, email, password, cognito, authenticatorCode(key));
}

/**
 * An administrator (confirmed, in the admin group) who has turned on their authenticator app, as the
 * admin area asks: the app's key, for the codes they sign in with.
 */
export async function administratorWithAuthenticator(
  email: string,
  options: { name?: string; password: string; pool?: { userPoolId: string; clientId: string } },
): Promise<string> {
  const { userPoolId, clientId } = options.pool ?? (await sitePool());
  await createConfirmedUser(cognito, userPoolId, { email, password: options.password, name: options.name, admin: true });
  return turnOnAuthenticator((await signIn(clientId, email, options.password)).AuthenticationResult!.AccessToken!);
}

/** Signs a confirmed user in with their password, as the site does locally: the pool's answer. */
const signIn = (clientId: string, email: string, password: string, client: CognitoIdentityProviderClient = cognito) =>
  client.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

/**
 * Signs a confirmed user in with their password, and the authenticator app's code when the pool
 * asks for one, as the site does locally: their ID token.
 */
export async function idTokenOf(
  clientId: string,
  email: string,
  password: string,
  client: CognitoIdentityProviderClient = cognito,
  code?: string,
): Promise<string> {
  const auth = await signIn(clientId, email, password, client);
  if (auth.ChallengeName !== 'SOFTWARE_TOKEN_MFA') return auth.AuthenticationResult!.IdToken!;
  if (!code) throw new Error(`${email} signs in with an authenticator app's code: none was given`);
  const answer = await client.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: auth.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );
  return answer.AuthenticationResult!.IdToken!;
}

/** A user pool that is not the site's, with a client: its tokens must never be accepted. */
export async function anotherPool(): Promise<{ userPoolId: string; clientId: string }> {
  const pool = await cognito.send(new CreateUserPoolCommand({ PoolName: `not-the-site-${randomBytes(3).toString('hex')}` }));
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: pool.UserPool!.Id!,
      ClientName: 'other',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'],
    }),
  );
  return { userPoolId: pool.UserPool!.Id!, clientId: client.UserPoolClient!.ClientId! };
}

/**
 * The same claims as a real token, re-signed with cognito-local's own key (shipped in its
 * package), expired an hour ago: signature, issuer and audience are right, only the time is not.
 */
export async function expiredCopyOf(token: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const { jwk } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK };
  const claims = decodeJwt(token);
  const past = Math.floor(Date.now() / 1000) - 3600;
  return new SignJWT({ ...claims, iat: past - 3600, exp: past })
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .sign(await importJWK(jwk, 'RS256'));
}

/** The token with its claims changed (made an admin) but its signature kept. */
export function tamperedCopyOf(token: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': [userPoolSettings.adminGroup] })).toString(
    'base64url',
  );
  return [header, forged, signature].join('.');
}

/**
 * The confirmation code cognito-local generated for an address at sign-up: what the person would
 * read in the verification e-mail (cognito-local keeps it with the user in its data folder).
 */
export function signUpCodeFor(dataDir: string, userPoolId: string, email: string): string {
  const file = join(dataDir, 'cognito', '.cognito', 'db', `${userPoolId}.json`);
  const db = JSON.parse(readFileSync(file, 'utf8')) as {
    Users: Record<string, { Attributes: { Name: string; Value: string }[]; ConfirmationCode?: string }>;
  };
  const user = Object.values(db.Users).find((u) => u.Attributes.some((a) => a.Name === 'email' && a.Value === email));
  if (!user?.ConfirmationCode) throw new Error(`No confirmation code for ${email}`);
  return user.ConfirmationCode;
}

/**
 * Signs up as a visitor does (Nora Guest, a known password) and confirms the account: with the
 * code e-mailed to the address (Cognito then marks it verified, and the post-confirmation trigger
 * runs), or by an administrator without that proof. Answers the new member's ID token.
 */
export async function signUp(email: string, confirm: 'with the code' | 'by an administrator'): Promise<string> {
  const { userPoolId, clientId } = await sitePool();
  const password = 'breathe-in-slowly';
  await cognito.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'Nora' },
        { Name: 'family_name', Value: 'Guest' },
        { Name: 'name', Value: 'Nora Guest' },
      ],
    }),
  );
  if (confirm === 'with the code') {
    const code = signUpCodeFor(inject('stackDataDir'), userPoolId, email);
    await cognito.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }));
  } else {
    await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: email }));
  }
  return idTokenOf(clientId, email, password);
}
