import { describe, expect, it } from 'vitest';
import { CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { api } from '../support/stack';
import { signedInUser, sitePool } from '../support/users';

const address = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;
const lookup = (email: unknown) =>
  api<{ hasAccount?: boolean; message?: string }>('/accounts/lookup', { method: 'POST', body: JSON.stringify({ email }) });

/** The route admits a burst of 10 at 5 a second: a test waits for its bucket to fill again. */
const refilled = () => new Promise((resolve) => setTimeout(resolve, 2_100));

describe('POST /api/accounts/lookup', () => {
  it('says whether an address has an account, however the address is typed', async () => {
    const member = address('member');
    await signedInUser(member, { password: 'lookup-password' });
    await refilled();
    expect(await lookup(member)).toEqual({ status: 200, body: { hasAccount: true } });
    expect(await lookup(`  ${member.toUpperCase()} `)).toEqual({ status: 200, body: { hasAccount: true } });
    expect(await lookup(address('nobody'))).toEqual({ status: 200, body: { hasAccount: false } });
  });

  it('counts an account whose sign-up was never confirmed: a new one cannot be made with its address', async () => {
    const started = address('unconfirmed');
    const { clientId } = await sitePool();
    await new CognitoIdentityProviderClient({}).send(
      new SignUpCommand({
        ClientId: clientId,
        Username: started,
        Password: 'never-confirmed',
        UserAttributes: [{ Name: 'email', Value: started }],
      }),
    );
    await refilled();
    expect(await lookup(started)).toEqual({ status: 200, body: { hasAccount: true } });
  });

  it('refuses what is not an e-mail address with the field and its message', async () => {
    await refilled();
    for (const email of ['', 'not-an-address', 42, null, `${'a'.repeat(250)}@example.com`]) {
      const { status, body } = await lookup(email);
      expect({ status, message: body.message }, String(email)).toMatchObject({ status: 400 });
      expect(JSON.stringify(body)).toContain('Please enter a valid email address');
    }
  });

  it('is throttled: a rush of lookups gets 429s beyond its burst, and never a 5xx', async () => {
    await refilled();
    const answers = await Promise.all(Array.from({ length: 30 }, () => lookup(address('rush'))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
  });
});
