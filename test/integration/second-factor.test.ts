import { describe, expect, inject, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { lambdaNode } from '../../local/node-runtime';
import { ulid } from 'ulid';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createConfirmedUser } from '../../local/administrators';
import { api } from '../support/stack';
import { authenticatorCode, turnOnAuthenticator } from '../support/authenticator';
import { sitePool } from '../support/users';

const cognito = new CognitoIdentityProviderClient({});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const newAddress = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;

/** A confirmed user (an administrator if asked), signed in with their password alone. */
async function passwordOnlyUser(name: string, options: { admin?: boolean } = {}) {
  const { userPoolId, clientId } = await sitePool();
  const email = newAddress(name);
  const password = `pw-${ulid()}`;
  await createConfirmedUser(cognito, userPoolId, { email, password, admin: options.admin });
  const signIn = () =>
    cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
  const first = await signIn();
  return { clientId, email, signIn, tokens: first.AuthenticationResult! };
}

describe('the administrator behind two factors', () => {
  it('is refused every admin route with the set-up asked for until the authenticator app is on, then let in', async () => {
    const admin = await passwordOnlyUser('no-app-yet', { admin: true });
    const refused = await api<{ message: string; code: string }>('/admin/users', { headers: bearer(admin.tokens.IdToken!) });
    expect(refused).toEqual({
      status: 403,
      body: { message: 'Set up two-step sign-in to use the admin area.', code: 'second-factor-required' },
    });
    // A member route asks for nothing more.
    expect((await api('/me', { headers: bearer(admin.tokens.IdToken!) })).status).toBe(200);
    await turnOnAuthenticator(admin.tokens.AccessToken!);
    expect((await api('/admin/users', { headers: bearer(admin.tokens.IdToken!) })).status).toBe(200);
  });

  it('signs in with the password and then the code, each code once, and never with a code alone', async () => {
    const member = await passwordOnlyUser('two-step');
    const key = await turnOnAuthenticator(member.tokens.AccessToken!);
    const challenge = await member.signIn();
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.AuthenticationResult).toBeUndefined();
    const answer = (session: string | undefined, code: string) =>
      cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId: member.clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: session,
          ChallengeResponses: { USERNAME: member.email, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
    const code = authenticatorCode(key);
    // Without the password's challenge, a right code signs no one in.
    await expect(answer('a-session-never-opened', code)).rejects.toThrow('Invalid session for the user.');
    await expect(answer(challenge.Session, '000000')).rejects.toMatchObject({ name: 'CodeMismatchException' });
    // A wrong code leaves the challenge open for the right one.
    const signedIn = await answer(challenge.Session, code);
    expect(signedIn.AuthenticationResult?.IdToken).toBeDefined();
    const again = await member.signIn();
    await expect(answer(again.Session, code)).rejects.toMatchObject({
      name: 'ExpiredCodeException',
      message: 'Your software token has already been used once.',
    });
  });

  it('ends every sign-in of a member whose password the administrator sets: the pool refuses their refresh token', async () => {
    const member = await passwordOnlyUser('refreshed');
    const refresh = () =>
      cognito.send(
        new InitiateAuthCommand({
          ClientId: member.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: member.tokens.RefreshToken! },
        }),
      );
    expect((await refresh()).AuthenticationResult?.IdToken).toBeDefined();
    const adminToken = (await passwordOnlyUser('setter', { admin: true })).tokens;
    await turnOnAuthenticator(adminToken.AccessToken!);
    const me = await api<{ user: { id: string } }>('/me', { headers: bearer(member.tokens.IdToken!) });
    const set = await api(`/admin/users/${me.body.user.id}/password`, {
      method: 'POST',
      headers: bearer(adminToken.IdToken!),
      body: JSON.stringify({ password: `Set-${ulid()}` }),
    });
    expect(set.status).toBe(200);
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('is reset by `npm run reset-two-step` when the phone is lost: the password alone signs in, every earlier sign-in ended', async () => {
    const admin = await passwordOnlyUser('lost-phone', { admin: true });
    await turnOnAuthenticator(admin.tokens.AccessToken!);
    expect((await admin.signIn()).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const { stdout } = await promisify(execFile)(lambdaNode(), [
      '--import',
      'tsx',
      'bin/operations/reset-two-step.ts',
      '--local',
      '--data-dir',
      inject('stackDataDir'),
      '--email',
      admin.email,
    ]);
    expect(stdout).toContain(`Two-step sign-in of ${admin.email} is off in the local stack`);
    expect((await admin.signIn()).AuthenticationResult?.IdToken).toBeDefined();
    await expect(
      cognito.send(
        new InitiateAuthCommand({
          ClientId: admin.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: admin.tokens.RefreshToken! },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});
