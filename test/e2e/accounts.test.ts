import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { siteUrl, waitForEmails } from '../support/stack';
import { signedInUser } from '../support/users';
import {
  desktop,
  expectCleanPage,
  newAddress,
  openPage,
  phone,
  signedInAdmin,
  submitSetupAccount,
  useBrowser,
} from '../support/browser';

const browser = useBrowser();
const open = (viewport: { width: number; height: number }) => openPage(browser(), viewport);

/** A member who can sign in at once. */
const member = (email: string, password: string) => signedInUser(email, { password, name: 'Robin Member' });

async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('tab', { name: 'Sign In' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The link or code in the newest e-mail to an address, as a person would read it. */
async function newestEmail(to: string, count: number) {
  const emails = await waitForEmails(to, count);
  expect(emails.length).toBe(count);
  return emails[emails.length - 1];
}

describe('accounts in the browser', () => {
  it('creates an account, verifies it with the e-mailed code, signs in and is welcomed by name', async () => {
    const page = await open(desktop);
    const email = newAddress('new');
    await page.goto(`${siteUrl}/sign-in?tab=sign-up`);
    expect(await page.getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByText('Password must be at least 6 characters long.').waitFor();

    await page.getByLabel('Password', { exact: true }).fill('breathe-in');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByLabel('Verification code').waitFor();
    await expectCleanPage(page);

    // The code arrives in the local mail inbox, as Cognito's mail arrives through SES in AWS.
    expect((await newestEmail(email, 1)).subject).toBe('Your verification code');
    // One that went astray: a new one is asked for, and that one is used.
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByText(`A new verification code is on its way to ${email}.`).waitFor();
    const mail = await newestEmail(email, 2);
    expect(mail.subject).toBe('Your verification code');
    // The code alone in its box.
    const code = />(\d{6})</.exec(mail.body.html)?.[1];
    expect(code).toBeDefined();
    await page.getByLabel('Verification code').fill(code!);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByText('Account created successfully! You can now sign in.').waitFor();

    // Back on Sign In with the address filled in.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill('breathe-in');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${siteUrl}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ana Lee' }).waitFor();
    await page.getByText('Subscription Free', { exact: true }).waitFor();
    // The top bar now offers the dashboard, and no Admin link to a member.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await expectCleanPage(page);
    await page.close();
  });

  it('refuses a wrong password with the product’s toast', async () => {
    const email = newAddress('wrong');
    await member(email, 'right-password');
    const page = await open(phone);
    await page.goto(`${siteUrl}/sign-in`);
    await signIn(page, email, 'not-the-password');
    await page.getByText('Failed to sign in').waitFor();
    expect(page.url()).toBe(`${siteUrl}/sign-in`);
    await page.close();
  });

  it('sends a signed-out visitor from a dashboard page to sign in, and back there afterwards', async () => {
    const email = newAddress('return');
    await member(email, 'return-password');
    const page = await open(phone);
    await page.goto(`${siteUrl}/dashboard/sessions`);
    await page.waitForURL(`${siteUrl}/sign-in`);
    expect(await page.evaluate("localStorage.getItem('auth_return_url')")).toBe('/dashboard/sessions');
    await signIn(page, email, 'return-password');
    await page.waitForURL(`${siteUrl}/dashboard/sessions`);
    // Used once.
    expect(await page.evaluate("localStorage.getItem('auth_return_url')")).toBeNull();

    // Signed in, /sign-in goes straight on to the dashboard.
    await page.goto(`${siteUrl}/sign-in`);
    await page.waitForURL(`${siteUrl}/dashboard`);
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await page.close();
  });

  it('resets a forgotten password through the e-mailed link, then signs in with the new one', async () => {
    const email = newAddress('forgot');
    await member(email, 'old-password');
    const page = await open(desktop);
    await page.goto(`${siteUrl}/sign-in`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    await dialog.getByLabel('Email').fill(email);
    await expectCleanPage(page);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('dialog', { name: 'Check Your Email' }).waitFor();

    const mail = await newestEmail(email, 1);
    expect(mail.subject).toBe('Reset your password');
    const link = /href="([^"]+\/update-password[^"]+)"/.exec(mail.body.html)?.[1]?.replaceAll('&amp;', '&');
    expect(link).toMatch(new RegExp(`^${siteUrl}/update-password\\?code=\\d+&email=`));

    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('new-password');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await expectCleanPage(page);
    await page.getByLabel('Confirm password').fill('new-password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated successfully').waitFor();
    const updatedAt = Date.now();
    await page.waitForURL(`${siteUrl}/sign-in`);
    expect(Date.now() - updatedAt).toBeGreaterThan(1000);

    await signIn(page, email, 'old-password');
    await page.getByText('Failed to sign in').waitFor();
    await signIn(page, email, 'new-password');
    await page.waitForURL(`${siteUrl}/dashboard`);
    await page.close();
  });

  it('signs out with the Logged out notice, home, and the impersonation flag cleared', async () => {
    const email = newAddress('bye');
    await member(email, 'bye-password');
    const page = await open(desktop);
    await page.goto(`${siteUrl}/sign-in`);
    await signIn(page, email, 'bye-password');
    await page.waitForURL(`${siteUrl}/dashboard`);
    await page.evaluate("localStorage.setItem('admin_impersonating', 'true')");
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${siteUrl}/`);
    await page.getByText('Logged out', { exact: true }).waitFor();
    await page.getByText('You have been successfully logged out.').waitFor();
    expect(await page.evaluate("localStorage.getItem('admin_impersonating')")).toBeNull();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor();

    // The dashboard is closed again.
    await page.goto(`${siteUrl}/dashboard`);
    await page.waitForURL(`${siteUrl}/sign-in`);
    await page.close();
  });

  it('shows the Admin link to a member of the admin group only', async () => {
    const { page } = await signedInAdmin(browser(), '/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).waitFor();
    await page.close();
  });

  for (const [width, viewport] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`lays out every account page with no accessibility or CSP violation on a ${width}`, async () => {
      const page = await open(viewport);
      await page.goto(`${siteUrl}/sign-in`);
      await page.getByRole('tab', { name: 'Sign In' }).waitFor();
      await expectCleanPage(page);
      await page.getByRole('tab', { name: 'Create Account' }).click();
      await page.getByLabel('First name').waitFor();
      await expectCleanPage(page);

      await page.goto(`${siteUrl}/update-password`);
      await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
      await page.getByText('Invalid or expired password reset link. Please request a new one.').waitFor();
      await expectCleanPage(page);
      await page.goto(`${siteUrl}/update-password?code=123456&email=someone%40example.com`);
      await page.getByLabel('New password', { exact: true }).waitFor();
      await expectCleanPage(page);

      await page.goto(`${siteUrl}/setup-account`);
      await page.waitForURL(`${siteUrl}/`);
      await page.goto(`${siteUrl}/setup-account?email=${encodeURIComponent(newAddress('setup'))}`);
      await page.getByRole('heading', { name: 'With an account you can' }).waitFor();
      await expectCleanPage(page);

      if (width === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Join now' }).click();
        await page.waitForURL(`${siteUrl}/sign-in?tab=sign-up`);
      }
      await page.close();
    });
  }

  it("words /setup-account's password errors as the product does", async () => {
    const page = await open(phone);
    await page.goto(`${siteUrl}/setup-account?email=${encodeURIComponent(newAddress('setup-errors'))}`);
    await submitSetupAccount(page, { firstName: 'Ida', lastName: 'Moss', password: 'short', confirmPassword: 'other' });
    await page.getByText('Password too short').waitFor();
    await page.getByText('Password must be at least 6 characters long.').first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill('breathe-in');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByText('Please make sure your passwords match.').first().waitFor();
    await expectCleanPage(page);
    await page.close();
  });

  it('shows the same /setup-account to an address with an account and to one without, asking the API nothing', async () => {
    const known = newAddress('known');
    await member(known, 'known-password');
    const page = await open(phone);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(new URL(request.url()).pathname);
    });
    const shown = async (email: string) => {
      await page.goto(`${siteUrl}/setup-account?email=${encodeURIComponent(email)}`);
      await page.getByRole('heading', { name: 'With an account you can' }).waitFor();
      return page.locator('main').innerText();
    };
    const stranger = newAddress('stranger');
    const forKnown = await shown(known);
    expect(forKnown).toContain(`Create an account for ${known}, or sign in if you have one.`);
    expect((await shown(stranger)).replaceAll(stranger, '{email}')).toBe(forKnown.replaceAll(known, '{email}'));
    expect(await page.title()).toBe('Set up your account · Breathwork');
    expect(asked.filter((path) => path.startsWith('/api/accounts'))).toEqual([]);
    await expectCleanPage(page);

    // The address's owner signs in from the same page.
    await shown(known);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Sign in to continue.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Forgot password?' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('known-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${siteUrl}/dashboard`);
    await page.close();
  });

  it('turns /setup-account to signing in when the user pool answers that the address has an account', async () => {
    const email = newAddress('taken');
    await member(email, 'known-password');
    const page = await open(desktop);
    await page.goto(`${siteUrl}/setup-account?email=${encodeURIComponent(email)}`);
    await submitSetupAccount(page, { firstName: 'Kim', lastName: 'Known', password: 'whatever1', confirmPassword: 'whatever1' });
    await page.getByText('You already have an account with this email. Sign in to continue.').waitFor();
    // The title follows the page it turned into, once it has rendered.
    await expect.poll(() => page.title()).toBe('Sign In · Breathwork');
    await page.getByLabel('Password', { exact: true }).fill('known-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${siteUrl}/dashboard`);
    await page.close();
  });
});
