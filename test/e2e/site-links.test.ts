import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { siteUrl, TEST_PORT } from '../support/stack';
import { spawnStack, type SpawnedStack } from '../support/spawn-stack';
import { ownStack } from '../support/own-stack';
import { desktop, expectCleanPage, openPage, phone, useBrowser } from '../support/browser';

const browser = useBrowser();

/** Every link of the top bar (or the phone's menu) and the footer, by name. */
async function linksOf(page: Page, mobile = false): Promise<Record<string, string | null>> {
  const found: Record<string, string | null> = {};
  if (mobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  } else {
    const offering = page.getByRole('navigation', { name: 'Main' }).getByText('Offering');
    if ((await offering.count()) > 0) await offering.click();
  }
  const nav = page.getByRole('navigation', { name: mobile ? 'Mobile' : 'Main' });
  for (const link of await nav.getByRole('link').all()) found[(await link.innerText()).trim()] = await link.getAttribute('href');
  for (const link of await page.getByRole('contentinfo').getByRole('link').all()) {
    found[`footer: ${(await link.innerText()).trim()}`] = await link.getAttribute('href');
  }
  return found;
}

/** The home page, once its settings have been read (the schedule and the footer's copyright are there either way). */
async function openHome(url: string, viewport: { width: number; height: number }) {
  const page = await openPage(browser(), viewport);
  const settingsRead = page.waitForResponse((response) => response.url() === `${url}/config.json`);
  await page.goto(url);
  await settingsRead;
  await page.getByRole('heading', { name: 'UPCOMING SESSIONS' }).waitFor();
  return page;
}

describe("the teacher's links", () => {
  it('are left out where the local stack has nothing to point at: no marketing site or social profile, Contact by e-mail', async () => {
    for (const [viewport, mobile] of [
      [desktop, false],
      [phone, true],
    ] as const) {
      const page = await openHome(siteUrl, viewport);
      const links = await linksOf(page, mobile);
      expect(
        Object.keys(links).filter((name) =>
          ['About', 'Workshops', 'Corporate', 'Mothers', 'Birth', 'Contact', 'Instagram'].includes(name),
        ),
      ).toEqual([]);
      expect(await page.getByText('Offering').count()).toBe(0);
      expect(links['footer: Get in touch']).toBe('mailto:admin@breathwork.local');
      expect(Object.values(links).some((href) => href?.includes('example'))).toBe(false);
      // The schedule as a calendar to subscribe to, at this site's own address.
      expect(await page.getByRole('link', { name: 'Subscribe to the schedule' }).getAttribute('href')).toBe(
        `webcal://${new URL(siteUrl).host}/api/calendar.ics`,
      );
      await expectCleanPage(page);
      await page.close();
    }
  });

  describe('given a marketing site, a social profile and a contact page', () => {
    const port = TEST_PORT + 50;
    const local = ownStack(port);
    let stack: SpawnedStack;
    beforeAll(async () => {
      stack = await spawnStack(port, {
        env: {
          LOCAL_MARKETING_URL: 'https://breathwork-demo.co.uk/',
          LOCAL_SOCIAL_URL: 'https://www.instagram.com/breathwork.demo',
          LOCAL_CONTACT: 'https://breathwork-demo.co.uk/contact',
        },
      });
    }, 120_000);
    afterAll(async () => {
      await stack?.stop();
      if (stack) rmSync(stack.dataDir, { recursive: true, force: true });
    });

    it('shows each link at its configured address, from the same build', async () => {
      const page = await openHome(local.siteUrl, desktop);
      expect(await linksOf(page)).toMatchObject({
        About: 'https://breathwork-demo.co.uk/about',
        Workshops: 'https://breathwork-demo.co.uk/workshops',
        Corporate: 'https://breathwork-demo.co.uk/corporate',
        Mothers: 'https://breathwork-demo.co.uk/mothers',
        Birth: 'https://breathwork-demo.co.uk/birth',
        Contact: 'https://breathwork-demo.co.uk/contact',
        'footer: Get in touch': 'https://breathwork-demo.co.uk/contact',
        'footer: Instagram': 'https://www.instagram.com/breathwork.demo',
      });
      await expectCleanPage(page);
      await page.close();

      const settings = (await (await fetch(`${local.siteUrl}/config.json`)).json()) as { settings: unknown };
      expect(settings.settings).toEqual({
        marketingUrl: 'https://breathwork-demo.co.uk',
        social: { label: 'Instagram', url: 'https://www.instagram.com/breathwork.demo' },
        contactUrl: 'https://breathwork-demo.co.uk/contact',
        timeZone: 'Europe/London',
      });
    });

    it('closes the Offering menu on a click outside, on Escape, when focus moves past it, and on navigation', async () => {
      const session = await local.createSession('Menu Breath Circle');
      const page = await openHome(local.siteUrl, desktop);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const offering = nav.locator('summary', { hasText: 'Offering' });
      const workshops = nav.getByRole('link', { name: 'Workshops' });
      const opened = async () => {
        await offering.click();
        await workshops.waitFor();
      };

      await opened();
      await expectCleanPage(page);
      await page.getByRole('heading', { name: 'UPCOMING SESSIONS' }).click();
      await workshops.waitFor({ state: 'hidden' });

      // Escape from inside the menu closes it and puts focus back on Offering.
      await opened();
      await workshops.focus();
      await page.keyboard.press('Escape');
      await workshops.waitFor({ state: 'hidden' });
      expect(await page.evaluate('document.activeElement?.textContent')).toContain('Offering');

      // By keyboard: open it, tab through its five links, and on past the last one.
      await page.keyboard.press('Enter');
      await workshops.waitFor();
      for (const name of ['Workshops', 'Corporate', 'Mothers', 'Birth', 'Contact']) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate('document.activeElement?.textContent')).toBe(name);
      }
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Schedule');
      await workshops.waitFor({ state: 'hidden' });

      // Left open while the visitor goes Back to the schedule: the new page has it closed.
      await page.getByRole('link', { name: session.title, exact: true }).first().click();
      await page.waitForURL(`${local.siteUrl}/sessions/${session.id}`);
      await opened();
      await page.goBack();
      await page.waitForURL(`${local.siteUrl}/`);
      await workshops.waitFor({ state: 'hidden' });
      await page.close();
    });
  });
});
