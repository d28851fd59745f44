import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { decodeJwt } from 'jose';
import { api, siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';
import { authenticatorCode } from '../support/authenticator';
import { signedInUser } from '../support/users';
import { desktop, expectCleanPage, newAddress, openPage, phone, signInAt, useBrowser } from '../support/browser';
import { bookSession } from '../../functions/domain/flows/book-session';

/** What these checks use of the page's window, run in the page (the tests compile without the DOM's types). */
type PageWindow = { getComputedStyle: (element: unknown) => { backgroundColor: string }; document: { activeElement: unknown } };

const browser = useBrowser();
const open = (viewport: { width: number; height: number }) => openPage(browser(), viewport);

/** A member who can sign in at once; their ID token, for booking through the API as the site does. */
const member = (email: string, password: string) => signedInUser(email, { password, name: 'Robin Member' });

/** Books a session while signed in: a free session's booking is completed at once. */
async function book(sessionId: string, email: string, token: string) {
  const { status } = await api(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ firstName: 'Robin', lastName: 'Member', email }),
  });
  expect(status).toBe(201);
}

describe('My bookings in the browser', () => {
  it("shows an upcoming booking as 'Confirmed' and a past one as 'Completed', both green, with details and Watch Recording", async () => {
    const email = newAddress('booked');
    const token = await member(email, 'booked-password');
    const userId = decodeJwt(token).sub!;
    const earlier = await createSession({
      title: 'Last Month Breath Circle',
      startTime: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    });
    // Booked before it began, as it would have been then.
    await bookSession(
      earlier,
      { firstName: 'Robin', lastName: 'Member', email },
      { now: new Date(Date.now() - 31 * 86_400_000), userId, clientAddress: 'test' },
    );
    const session = await createSession({
      title: 'Evening Breath Circle',
      description: 'Slow breathing to close the day.',
      category: 'Breathwork',
      recordingUrl: 'https://media.example.com/evening.mp4',
    });
    await book(session.id, email, token);

    const page = await open(desktop);
    await signInAt(page, '/dashboard/bookings', email, 'booked-password');
    await page.getByRole('heading', { level: 1, name: 'My Bookings' }).waitFor();
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    const card = upcoming.getByRole('article', { name: 'Evening Breath Circle' });
    await card.waitFor();
    // Stored as completed, the seat is the member's: 'Confirmed' until the session has passed, green either way.
    const green = 'rgb(220, 235, 220)';
    const background = (badge: Locator) =>
      badge.evaluate((el) => (globalThis as unknown as PageWindow).getComputedStyle(el).backgroundColor);
    expect(await background(card.getByText('Confirmed', { exact: true }))).toBe(green);
    expect(await card.getByText('Completed', { exact: true }).count()).toBe(0);
    const pastCard = page.getByRole('region', { name: 'Past' }).getByRole('article', { name: earlier.title });
    expect(await background(pastCard.getByText('Completed', { exact: true }))).toBe(green);
    await card.getByText('Online', { exact: true }).waitFor();
    await expectCleanPage(page);

    // The description and the recording come with the card's details.
    await card.getByRole('button', { name: 'Show details' }).click();
    await card.getByText('Slow breathing to close the day.').waitFor();
    expect(await card.getByRole('link', { name: 'Watch Recording' }).getAttribute('href')).toBe(`/sessions/${session.id}`);
    expect(await card.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded')).toBe('true');
    await expectCleanPage(page);
    await page.close();
  });

  it("offers 'Browse Available Sessions' to a member with no bookings", async () => {
    const email = newAddress('unbooked');
    await member(email, 'unbooked-password');
    const page = await open(phone);
    await signInAt(page, '/dashboard/bookings', email, 'unbooked-password');
    const browse = page.getByRole('link', { name: 'Browse Available Sessions' });
    await browse.waitFor();
    expect(await browse.getAttribute('href')).toBe('/');
    await expectCleanPage(page);
    await page.close();
  });
});

describe('settings in the browser', () => {
  it('saves the full name, shown on the dashboard’s Welcome', async () => {
    const email = newAddress('named');
    await member(email, 'named-password');
    const page = await open(desktop);
    await signInAt(page, '/dashboard/settings', email, 'named-password');
    const address = page.getByLabel('Email', { exact: true });
    await address.waitFor();
    expect(await address.inputValue()).toBe(email);
    expect(await address.getAttribute('readonly')).not.toBeNull();

    // No profile yet (an account made by an administrator): the field starts from the name its sign-in token carries.
    const name = page.getByLabel('Full name');
    expect(await name.inputValue()).toBe('Robin Member');
    await name.fill(' ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Full name is required').waitFor();
    // The server's own rule, with its words, before anything is sent.
    await name.fill('Refund due: visit evil.example/claim');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Full name must not contain a link or web address').waitFor();
    await name.fill('Robin Breathwell');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully').waitFor();

    // The dashboard's Welcome at once (no reload), and after a reload from the server.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Robin Breathwell' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Robin Breathwell' }).waitFor();
    await page.goto(`${siteUrl}/dashboard/settings`);
    await page.getByLabel('Full name').waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Robin Breathwell');
    await page.close();
  });

  it('changes the password: the rules, a wrong current password, then the right one, then signs in with the new one', async () => {
    const email = newAddress('password');
    await member(email, 'first-password');
    const page = await open(phone);
    await signInAt(page, '/dashboard/settings', email, 'first-password');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();
    // The dialog is modal: focus starts inside it.
    expect(await page.evaluate("document.activeElement?.closest('dialog') !== null")).toBe(true);

    await dialog.getByLabel('Current password').fill('short');
    await dialog.getByLabel('New password', { exact: true }).fill('second-password');
    await dialog.getByLabel('Confirm new password').fill('second-passwort');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await dialog.getByText('Password must be at least 6 characters').waitFor();
    await dialog.getByText("Passwords don't match").waitFor();
    await expectCleanPage(page);

    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('Confirm new password').fill('second-password');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await dialog.getByText('Current password is incorrect.').waitFor();

    await dialog.getByLabel('Current password').fill('first-password');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.close();

    // A fresh browser: the old password is refused, the new one signs in.
    const next = await open(desktop);
    await next.goto(`${siteUrl}/sign-in`);
    await next.getByRole('tab', { name: 'Sign In' }).waitFor();
    await next.getByLabel('Email', { exact: true }).fill(email);
    await next.getByLabel('Password', { exact: true }).fill('first-password');
    await next.getByRole('button', { name: 'Sign In', exact: true }).click();
    await next.getByText('Failed to sign in').waitFor();
    await next.getByLabel('Password', { exact: true }).fill('second-password');
    await next.getByRole('button', { name: 'Sign In', exact: true }).click();
    await next.waitForURL(`${siteUrl}/dashboard`);
    await next.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await next.close();
  });

  it('turns two-step sign-in on with an authenticator app, signs in with its code, and turns it off again', async () => {
    const email = newAddress('two-step');
    await member(email, 'two-step-password');
    const page = await open(phone);
    await signInAt(page, '/dashboard/settings', email, 'two-step-password');
    const panel = page.getByRole('region', { name: 'Two-step sign-in' });
    await panel.getByText('Add a second step to signing in').waitFor();
    await panel.getByRole('button', { name: 'Turn On' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-step sign-in' });
    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await expectCleanPage(page);
    const key = (await dialog.locator('code').innerText()).replace(/\s/g, '');
    await dialog.getByLabel('Code').fill(authenticatorCode(key));
    await dialog.getByRole('button', { name: 'Turn On Two-Step Sign-In' }).click();

    // Signed out everywhere; the password and a code sign in, back to the settings.
    await page.waitForURL(`${siteUrl}/sign-in`);
    await signInAt(page, '/dashboard/settings', email, 'two-step-password', () => authenticatorCode(key));
    await panel.getByText('Signing in asks for a code from your authenticator app.').waitFor();
    await panel.getByRole('button', { name: 'Turn Off' }).click();
    const confirm = page.getByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await confirm.getByRole('button', { name: 'Turn Off' }).click();
    await page.getByText('Two-step sign-in is off').waitFor();
    await panel.getByRole('button', { name: 'Turn On' }).waitFor();
    await page.close();

    // The password alone signs in again.
    const next = await open(desktop);
    await signInAt(next, '/dashboard/settings', email, 'two-step-password');
    await next.close();
  });

  it('closes the Change Password dialog on Escape, focus back on its button', async () => {
    const email = newAddress('escape');
    await member(email, 'escape-password');
    const page = await open(desktop);
    await signInAt(page, '/dashboard/settings', email, 'escape-password');
    const opener = page.getByRole('button', { name: 'Change Password' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === (globalThis as unknown as PageWindow).document.activeElement)).toBe(true);
    await page.close();
  });
});

describe.each([
  ['phone', phone],
  ['desktop', desktop],
])('the account pages on a %s', (_, viewport) => {
  it('have no accessibility or CSP violation: My bookings, settings and its dialog', async () => {
    const email = newAddress('layout');
    const token = await member(email, 'layout-password');
    const session = await createSession({ title: 'Morning Breath', locationType: 'onsite', location: 'The Studio, Bristol' });
    await book(session.id, email, token);
    const page = await open(viewport);
    await signInAt(page, '/dashboard/bookings', email, 'layout-password');
    await page.getByRole('article', { name: 'Morning Breath' }).waitFor();
    await page.getByText('The Studio, Bristol').waitFor();
    await page.getByText('No past bookings yet.').waitFor();
    await expectCleanPage(page);

    await page.goto(`${siteUrl}/dashboard/settings`);
    await page.getByLabel('Full name').waitFor();
    await expectCleanPage(page);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('dialog', { name: 'Change Password' }).waitFor();
    await expectCleanPage(page);
    await page.close();
  });
});
