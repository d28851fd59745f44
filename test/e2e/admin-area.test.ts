import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';
import { signedInUser } from '../support/users';
import {
  desktop,
  expectCleanAtBothWidths,
  expectCleanPage,
  newAddress,
  openPage,
  phone,
  signInAt,
  useBrowser,
  signedInAdmin,
} from '../support/browser';

const browser = useBrowser();

describe('the admin area', () => {
  it('sends a visitor to sign in and back, and shows the administrator the figures and every area', async () => {
    const session = await createSession({
      title: `Drawn ${ulid()}`,
      maxAttendees: 12,
      startTime: new Date(Date.now() + 15 * 60_000).toISOString(),
    });
    const { page } = await signedInAdmin(browser(), '/admin', phone);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('heading', { name: 'Seats filled' }).waitFor();
    await page.getByText(session.title).waitFor();
    await page.getByText('0 of 12 booked').first().waitFor();
    for (const chart of ['Bookings', 'Package sales', 'Cancellations', 'Attendance']) {
      await page.getByRole('heading', { name: chart, exact: true }).waitFor();
      // The figures drawn are also a table for screen readers: a week a row.
      expect(
        await page
          .getByRole('table', { name: `${chart}, by week` })
          .getByRole('row')
          .count(),
      ).toBe(13);
    }
    for (const area of ['Sessions', 'Users', 'Orders', 'Resources', 'Birth Recordings', 'Discount Codes', 'Birth Purchases']) {
      await page.getByRole('heading', { name: new RegExp(`^${area}`) }).waitFor();
    }
    expect(await page.title()).toMatch(/^Admin/);
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      const chart = await page.locator('figure svg').first().boundingBox();
      // Wide enough to read a week from the next at either width.
      expect(chart!.width).toBeGreaterThan(viewport === phone ? 300 : 450);
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
    await expectCleanAtBothWidths(page);
  });
});
