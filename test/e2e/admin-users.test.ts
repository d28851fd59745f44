import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { decodeJwt } from 'jose';
import { auditHistory } from '../../functions/domain/records/audit';
import { getProfile } from '../../functions/domain/records/profiles';
import { api, siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';
import { idTokenOf, signedInUser, sitePool } from '../support/users';
import { newAddress, signedInAdmin, useBrowser, expectCleanAtBothWidths } from '../support/browser';

const browser = useBrowser();

describe("the admin's users in the browser", () => {
  it('finds a member, edits their name, sets their password, views the site as them and comes back', async () => {
    const email = newAddress('mira');
    const token = await signedInUser(email, { password: `pw-${ulid()}` });
    const userId = decodeJwt(token).sub!;
    const session = await createSession({ title: `Viewed Breath ${ulid().slice(-6)}` });
    const booked = await api(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ firstName: 'Mira', lastName: 'Member', email }),
    });
    expect(booked.status).toBe(201);

    const { page, email: adminEmail } = await signedInAdmin(browser(), '/admin');
    await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByLabel('Search by name or email').fill(email.slice(0, 12));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row', { name: /No name given/ }).filter({ hasText: email });
    await row.waitFor();
    for (const text of ['Active', 'Free']) await row.getByText(text, { exact: true }).waitFor();
    await expectCleanAtBothWidths(page);

    await row.getByRole('link', { name: `View ${email}` }).click();
    await page.waitForURL(`${siteUrl}/admin/users/${userId}`);
    await page.getByRole('heading', { name: email, level: 1 }).waitFor();
    await page
      .getByRole('table', { name: /Bookings and purchases/ })
      .getByText(session.title)
      .waitFor();

    // Edit the name.
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByLabel('Full name').fill('Mira Member');
    await page.getByLabel('Subscription status').fill('Premium');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('User details updated successfully').waitFor();
    await page.getByRole('heading', { name: 'Mira Member', level: 1 }).waitFor();
    expect(await getProfile(userId)).toMatchObject({ fullName: 'Mira Member', subscriptionStatus: 'Premium' });
    await expectCleanAtBothWidths(page);

    // Set a password: empty is refused, a new one signs in at once.
    await page.getByRole('button', { name: 'Set Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Password' });
    await dialog.getByRole('button', { name: 'Set Password' }).click();
    await dialog.getByText('Password is required').waitFor();
    const password = `Chosen-${ulid()}`;
    await dialog.getByLabel('New password').fill(password);
    await dialog.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Password set successfully').waitFor();
    const { clientId } = await sitePool();
    expect(decodeJwt(await idTokenOf(clientId, email, password)).sub).toBe(userId);

    // View the site as the user: their dashboard, with the banner and the flag.
    await page.getByRole('button', { name: 'Login as User' }).click();
    await page.getByText('You are now logged in as the user').waitFor();
    await page.waitForURL(`${siteUrl}/dashboard`);
    const banner = page.getByRole('complementary', { name: 'Viewing as a user' });
    await banner.getByText('Mira Member', { exact: true }).waitFor();
    await page.getByRole('heading', { name: /Mira Member/, level: 1 }).waitFor();
    await page.getByText(session.title).first().waitFor();
    expect(await page.evaluate("JSON.parse(localStorage.getItem('admin_impersonating')).user.id")).toBe(userId);
    await expectCleanAtBothWidths(page);

    // The forms speak of the viewed user: the booking form and the package's purchase dialog.
    await page.goto(`${siteUrl}/sessions/${session.id}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Last Name' }).inputValue()).toBe('Member');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
    expect(await page.getByRole('textbox', { name: 'First Name' }).inputValue()).toBe('Mira');
    await page.goto(`${siteUrl}/birth-recordings`);
    await page.getByRole('button', { name: 'Unlock All Recordings' }).click();
    await page.getByRole('dialog', { name: 'Unlock All Recordings' }).getByText(`Buying as ${email}`).waitFor();

    // A change made while viewing is refused by the server, whatever the page sends.
    await page.goto(`${siteUrl}/dashboard/settings`);
    await page.getByLabel('Full name').fill('Changed While Viewing');
    await page
      .getByRole('button', { name: /Save|Update/ })
      .first()
      .click();
    // Told once, in the server's words, in place of the page's own 'Failed to update profile'.
    const toasts = page.locator('[data-sonner-toast]');
    await toasts
      .filter({ hasText: 'Read only' })
      .getByText(/viewing the site as another user/)
      .waitFor();
    await page.waitForTimeout(500);
    expect(await toasts.allInnerTexts()).toEqual([expect.stringContaining('Read only')]);
    expect((await getProfile(userId))?.fullName).toBe('Mira Member');

    // And back.
    await page.getByRole('button', { name: 'Back to admin' }).click();
    await page.waitForURL(`${siteUrl}/admin/users/${userId}`);
    await banner.waitFor({ state: 'hidden' });
    expect(await page.evaluate("localStorage.getItem('admin_impersonating')")).toBeNull();
    const history = await auditHistory({ kind: 'user', id: userId });
    expect(history.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['user.updated', 'user.password-set', 'user.impersonation-started', 'user.impersonation-ended']),
    );
    expect(history.every((entry) => entry.actor.email === adminEmail)).toBe(true);
    await page.getByRole('region', { name: 'History' }).getByText('Impersonation ended').waitFor();
  });

  it('deletes a user after asking, back to the users with the notice', async () => {
    const email = newAddress('leaving');
    const userId = decodeJwt(await signedInUser(email)).sub!;
    const { page } = await signedInAdmin(browser(), `/admin/users/${userId}`);
    await page.getByRole('heading', { name: email, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this user?' });
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await page.getByText('User deleted successfully').waitFor();
    await page.waitForURL(`${siteUrl}/admin/users`);
    await page.goto(`${siteUrl}/admin/users/${userId}`);
    await page.getByRole('heading', { name: 'User not found' }).waitFor();
  });
});
