import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { portsFor } from '../../local/environment';
import { spawnStack, type SpawnedStack } from '../support/spawn-stack';
import { TEST_PORT, type SentEmail } from '../support/stack';
import { idTokenOf } from '../support/users';

// Its own stack, so the test can read cognito-local's output in the stack's data dir.
const port = TEST_PORT + 20;
let stack: SpawnedStack;
beforeAll(async () => {
  stack = await spawnStack(port);
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  if (stack) rmSync(stack.dataDir, { recursive: true, force: true });
});

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const cognito = () =>
  new CognitoIdentityProviderClient({ region: 'eu-west-2', endpoint: `http://127.0.0.1:${portsFor(port).cognito}`, credentials });

/** A new account for an address, not yet verified, made through the site's client. */
const signUp = (email: string) =>
  cognito().send(
    new SignUpCommand({
      ClientId: stack.run().environment.USER_POOL_CLIENT_ID,
      Username: email,
      Password: 'breathe-out',
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );

describe("cognito-local's triggers reach the catalogue's trigger modules", () => {
  it('PostConfirmation writes the new member profile, and the ID token carries what the API checks', async () => {
    const { environment } = stack.run();
    const clientId = environment.USER_POOL_CLIENT_ID;
    const email = `member-${Date.now()}@example.com`;
    const signUp = await cognito().send(
      new SignUpCommand({
        ClientId: clientId,
        Username: email,
        Password: 'breathe-in',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: 'Nora Member' },
          { Name: 'given_name', Value: 'Nora' },
          { Name: 'family_name', Value: 'Member' },
        ],
      }),
    );
    const userPoolId = environment.COGNITO_ISSUER.split('/').pop()!;
    await cognito().send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: email }));

    const table = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: 'eu-west-2', endpoint: environment.AWS_ENDPOINT_URL_DYNAMODB, credentials }),
    );
    const { Item } = await table.send(
      new GetCommand({ TableName: environment.TABLE_NAME, Key: { pk: `USER#${signUp.UserSub}`, sk: 'PROFILE' } }),
    );
    expect(Item).toMatchObject({ email, fullName: 'Nora Member', subscriptionStatus: 'Free' });

    const idToken = await idTokenOf(clientId, email, 'breathe-in', cognito());
    const claims = decodeJwt(idToken);
    expect(claims).toMatchObject({ iss: environment.COGNITO_ISSUER, aud: clientId, token_use: 'id', email, sub: signUp.UserSub });
    // As Cognito's, it names the member as they signed up (cognito-local's own tokens left the names out).
    expect(claims).toMatchObject({ name: 'Nora Member', given_name: 'Nora', family_name: 'Member' });

    // The API verifies it against the issuer's JWKS: the member sees their own account.
    const me = await fetch(`http://127.0.0.1:${port}/api/me`, {
      headers: {
        authorization: `Bearer ${idToken}`,
        'x-origin-verify': environment.ORIGIN_VERIFY_SECRET,
      },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { id: signUp.UserSub, email, isAdmin: false } });
  });

  it('CustomMessage writes the password reset mail with the link to the site', async () => {
    const { environment } = stack.run();
    const email = `forgetful-${Date.now()}@example.com`;
    await signUp(email);
    const userPoolId = environment.COGNITO_ISSUER.split('/').pop()!;
    await cognito().send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: email }));
    await cognito().send(new ForgotPasswordCommand({ ClientId: environment.USER_POOL_CLIENT_ID, Username: email }));

    // cognito-local prints the message it would send, in a box that wraps long lines; the stack
    // keeps its output in the data dir. Read it without the box and the wrapping.
    const deadline = Date.now() + 5_000;
    let printed = '';
    while (Date.now() < deadline && !printed.includes('"target":"ForgotPassword"')) {
      printed = readFileSync(join(stack.dataDir, 'logs', 'cognito.log'), 'utf8');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const box = printed.slice(0, printed.lastIndexOf('"target":"ForgotPassword"'));
    const reset = box.slice(box.lastIndexOf('Confirmation Code Delivery')).replace(/[\s│╭╮╰╯─]/g, '');
    const code = /Code:(\d+)/.exec(reset)?.[1];
    expect(code).toBeDefined();
    expect(reset).toContain('EmailSubject:Resetyourpassword');
    // The link in the mail's HTML (the site's layout), where & is written &amp;.
    expect(reset).toContain(`${environment.SITE_URL}/update-password?code=${code}&amp;email=${encodeURIComponent(email)}`);

    // And it reaches the mail inbox from the site's name, on the site's layout, as through SES in AWS.
    const store = await fetch(`http://127.0.0.1:${portsFor(port).ses}/store`);
    const { emails } = (await store.json()) as { emails: SentEmail[] };
    const mail = emails.find((e) => e.destination.to.includes(email) && e.subject === 'Reset your password');
    expect(mail?.from).toBe(`Breathwork <${environment.FROM_EMAIL}>`);
    expect(mail?.body.html).toMatch(/<a href="[^"]+\/update-password\?code=\d+&amp;email=[^"]+"[^>]*>Choose a new password<\/a>/);
  });

  it('ResendConfirmationCode answers as Cognito does with user existence errors prevented', async () => {
    const { environment } = stack.run();
    const resend = (Username: string) =>
      cognito().send(new ResendConfirmationCodeCommand({ ClientId: environment.USER_POOL_CLIENT_ID, Username }));
    const email = `unverified-${Date.now()}@example.com`;
    await signUp(email);
    const sent = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'u***@e***' };
    expect((await resend(email)).CodeDeliveryDetails).toEqual(sent);
    // An address with no account hears the same, and no mail goes.
    expect((await resend(`unknown-${Date.now()}@example.com`)).CodeDeliveryDetails).toEqual(sent);
    const userPoolId = environment.COGNITO_ISSUER.split('/').pop()!;
    await cognito().send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: email }));
    await expect(resend(email)).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });
});
