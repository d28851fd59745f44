import { lambdaNode } from '../../local/node-runtime';
import { describe, expect, inject, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { decodeJwt } from 'jose';
import { AdminCreateUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { siteUrl } from '../support/stack';
import { authenticatorCode } from '../support/authenticator';
import { idTokenOf, sitePool } from '../support/users';
import { desktop, expectCleanAtBothWidths, expectCleanPage, newAddress, openPage, useBrowser } from '../support/browser';
import type { Page } from 'playwright-core';

const browser = useBrowser();
const cognito = new CognitoIdentityProviderClient({});
const run = promisify(execFile);

/** A user as the Cognito console or an admin's 'Set Password' creates one: confirmed address, temporary password. */
async function invitedUser(email: string, temporaryPassword: string) {
  const { userPoolId } = await sitePool();
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      TemporaryPassword: temporaryPassword,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${siteUrl}/sign-in`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('signing in for the first time', () => {
  it('asks an account made with a temporary password to set a new one, then lands signed in', async () => {
    const email = newAddress('invited');
    await invitedUser(email, 'temporary-1');
    const page = await openPage(browser(), desktop);

    // A wrong temporary password is refused, as Cognito refuses it.
    await signIn(page, email, 'not-the-temporary-one');
    await page.getByText('Failed to sign in').waitFor();
    expect(await page.getByRole('form', { name: 'Set a new password' }).count()).toBe(0);

    await signIn(page, email, 'temporary-1');
    const form = page.getByRole('form', { name: 'Set a new password' });
    await form.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await expectCleanPage(page);

    // The password rules of docs/product.md#accounts, from the reset page.
    await form.getByLabel('New password').fill('short');
    await form.getByLabel('Confirm password').fill('short');
    await form.getByRole('button', { name: 'Set Password' }).click();
    await form.getByText('Password should be at least 6 characters long.').waitFor();
    await form.getByLabel('New password').fill('my-own-password');
    await form.getByLabel('Confirm password').fill('my-own-passwort');
    await form.getByRole('button', { name: 'Set Password' }).click();
    await form.getByText("Passwords don't match").waitFor();

    await form.getByLabel('Confirm password').fill('my-own-password');
    await form.getByRole('button', { name: 'Set Password' }).click();
    await page.waitForURL(`${siteUrl}/dashboard`);
    await page.getByText('Password updated successfully').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.close();

    // The new password is the account's own now; the temporary one is gone.
    const { clientId } = await sitePool();
    expect(decodeJwt(await idTokenOf(clientId, email, 'my-own-password')).email).toBe(email);
    await expect(idTokenOf(clientId, email, 'temporary-1')).rejects.toThrow();
  });

  it('lets an administrator made by `npm run create-admin` sign in at once, then asks them to set up two-step sign-in before the admin area opens', async () => {
    const email = newAddress('teacher');
    const { stdout } = await run(lambdaNode(), [
      '--import',
      'tsx',
      'bin/operations/create-admin.ts',
      '--local',
      '--data-dir',
      inject('stackDataDir'),
      '--email',
      email,
    ]);
    expect(stdout).toContain(`${email} is an administrator of the local stack.`);
    const password = /Password: (\S+) {2}\(shown once: keep it\)/.exec(stdout)?.[1];
    expect(password).toMatch(/^[\w-]{24}$/);

    const page = await openPage(browser(), desktop);
    await signIn(page, email, password!);
    await page.waitForURL(`${siteUrl}/dashboard`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).waitFor();
    expect(await page.getByRole('form', { name: 'Set a new password' }).count()).toBe(0);

    // The admin area opens with its set-up: a QR code, the key as text, and the app's first code.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin areas' }).count()).toBe(0);
    await expectCleanAtBothWidths(page);
    const key = (await page.locator('code').innerText()).replace(/\s/g, '');
    const setUp = page.getByRole('form', { name: 'Turn on two-step sign-in' });
    await setUp.getByLabel('Code').fill('000000');
    await setUp.getByRole('button', { name: 'Turn On Two-Step Sign-In' }).click();
    await setUp.getByText('That code is not right. Enter the code your app shows now.').waitFor();
    await setUp.getByLabel('Code').fill(authenticatorCode(key));
    await setUp.getByRole('button', { name: 'Turn On Two-Step Sign-In' }).click();

    // Signed out everywhere: the next sign-in asks for the password, then a code, and comes back to the admin area.
    await page.waitForURL(`${siteUrl}/sign-in`);
    await page.getByText('Sign in again with your password and a code from your app.').waitFor();
    await signIn(page, email, password!);
    const codeStep = page.getByRole('form', { name: 'Enter your code' });
    await codeStep.getByLabel('Code').fill('000000');
    await codeStep.getByRole('button', { name: 'Verify' }).click();
    await codeStep.getByText('That code is not right. Enter the code your app shows now.').waitFor();
    await expectCleanAtBothWidths(page);
    await codeStep.getByLabel('Code').fill(authenticatorCode(key));
    await codeStep.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${siteUrl}/admin`);
    await page.getByRole('navigation', { name: 'Admin areas' }).waitFor();
    await page.close();

    const { clientId } = await sitePool();
    const token = await idTokenOf(clientId, email, password!, undefined, authenticatorCode(key));
    expect(decodeJwt(token)['cognito:groups']).toEqual(['admin']);
  });
});
