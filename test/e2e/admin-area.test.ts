import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { siteUrl } from '../support/stack';
import { signedInUser } from '../support/users';
import { desktop, expectCleanPage, newAddress, openPage, phone, signInAt, useBrowser, signedInAdmin } from '../support/browser';

const browser = useBrowser();

describe('the admin area', () => {
  it('sends a visitor to sign in and back, and shows the administrator every area', async () => {
    const { page } = await signedInAdmin(browser(), '/admin', phone);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    for (const area of ['Sessions', 'Users', 'Orders', 'Resources', 'Birth Recordings', 'Discount Codes', 'Birth Purchases']) {
      await page.getByRole('heading', { name: new RegExp(`^${area}`) }).waitFor();
    }
    expect(await page.title()).toMatch(/^Admin/);
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }
    await page.getByRole('link', { name: '← Return to site' }).click();
    await page.waitForURL(`${siteUrl}/`);
  });

  it('tells a member who is not the administrator that the page is not for them', async () => {
    const email = newAddress('member');
    const password = `pw-${ulid()}`;
    await signedInUser(email, { password });
    const page = await openPage(browser(), desktop);
    await signInAt(page, '/admin', email, password);
    await page.getByRole('heading', { name: 'This page is for the site administrator only.' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Overview' }).count()).toBe(0);
    await expectCleanPage(page);
  });
});
