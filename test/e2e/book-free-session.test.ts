import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ulid } from 'ulid';
import { api, siteUrl, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';
import { accessibilityViolations } from '../support/axe';

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
afterAll(() => browser?.close());

/** Only the boot script starts before the page has painted; the app's scripts after. */
async function expectScriptsAfterFirstPaint(page: Page) {
  const { firstPaint, scripts } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
  }));
  expect(firstPaint).toBeGreaterThan(0);
  const [boot, ...app] = scripts;
  expect(boot.name).toMatch(/^\/assets\/boot-[\w-]+\.js$/);
  expect(app.map((script) => script.name)).toContainEqual(expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/));
  for (const script of app) expect(script.startTime, script.name).toBeGreaterThan(firstPaint);
}

describe('a visitor in the browser', () => {
  it("paints the pre-rendered pages from their HTML and style sheet before asking for the app's scripts, which then start them", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(siteUrl);
    // A session from the API, linked in the schedule: the app has started.
    await page.getByRole('region', { name: 'UPCOMING SESSIONS' }).locator('a[href^="/sessions/"]').first().waitFor();
    await expectScriptsAfterFirstPaint(page);
    await page.goto(`${siteUrl}/birth-recordings`);
    await page
      .getByRole('link', { name: /Watch free/ })
      .first()
      .waitFor();
    await expectScriptsAfterFirstPaint(page);
    await page.close();
  });

  it('books a free session from the home page and gets the confirmation page and e-mail', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(siteUrl);
    await page.getByRole('heading', { name: 'UPCOMING SESSIONS' }).waitFor();

    const schedule = page.getByRole('region', { name: 'UPCOMING SESSIONS' });
    await schedule.getByRole('link', { name: 'Monthly Live Breathwork', exact: true }).waitFor();
    // A row's button is named by the word it shows, then the session.
    expect(await schedule.getByRole('link', { name: 'Book Monthly Live Breathwork', exact: true }).count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await schedule.getByRole('link', { name: 'Monthly Live Breathwork', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Monthly Live Breathwork' }).waitFor();
    await page.getByRole('button', { name: 'Book Now' }).click();

    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByText('First name is required').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const email = `grace-${ulid().toLowerCase()}@example.com`;
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();

    await page.waitForURL(/\/booking-confirmation\?bookingId=/);
    await page.getByRole('heading', { level: 1, name: 'Monthly Live Breathwork' }).waitFor();
    expect(await page.getByText('Online', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Google Calendar' }).getAttribute('href')).toContain('calendar.google.com');
    expect(await accessibilityViolations(page)).toEqual([]);

    const [mail] = await waitForEmails(email, 1);
    expect(mail.subject).toBe('Booking confirmed: Monthly Live Breathwork');
    expect(mail.body.text).toContain(new URL(page.url()).search);
    await page.close();
  });

  it('filters the schedule by category and location chips', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(siteUrl);
    const schedule = page.getByRole('region', { name: 'UPCOMING SESSIONS' });
    await schedule.getByRole('button', { name: 'Postpartum' }).click();
    await page.waitForURL(/category=Postpartum/);
    await schedule.getByRole('link', { name: 'Postpartum Restore Workshop', exact: true }).waitFor();
    expect(await schedule.getByRole('row').count()).toBe(2); // header row + one session
    await schedule.getByRole('button', { name: 'All', exact: true }).click();
    await schedule.getByRole('button', { name: 'Bristol' }).click();
    await schedule.getByRole('link', { name: 'Postpartum Restore Workshop', exact: true }).waitFor();
    expect(await schedule.getByRole('link', { name: 'Monthly Live Breathwork', exact: true }).count()).toBe(0);
    // No Bristol session is a meditation: the schedule says so, not that there are no sessions at all.
    await schedule.getByRole('button', { name: 'Meditation' }).click();
    await schedule.getByText('No sessions match these filters.').waitFor();
    expect(await schedule.getByText('No upcoming sessions at this time.').count()).toBe(0);
    await schedule.getByRole('button', { name: 'Show all sessions' }).click();
    await schedule.getByRole('link', { name: 'Monthly Live Breathwork', exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('puts the filter chips in one row that scrolls sideways on a phone, the first session just below it', async () => {
    // Enough categories and cities that the chips cannot all fit across a phone.
    for (const [category, city] of [
      ['Meditation', 'Manchester'],
      ['Movement', 'Edinburgh'],
      ['Mothers', 'Brighton'],
      ['Workshop', 'Cardiff'],
    ]) {
      await createSession({ title: `${category} in ${city}`, category, locationType: 'onsite', city, location: city });
    }
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${siteUrl}/?location=Cardiff`);
    const schedule = page.getByRole('region', { name: 'UPCOMING SESSIONS' });
    const cardiff = schedule.getByRole('button', { name: 'Cardiff' });
    await cardiff.waitFor();
    const chips = await schedule.getByRole('group').getByRole('button').all();
    expect(chips.length).toBeGreaterThan(10);
    const tops = new Set(await Promise.all(chips.map(async (chip) => Math.round((await chip.boundingBox())!.y))));
    expect(tops.size).toBe(1);
    const row = schedule.getByRole('group', { name: 'Filter by category' }).locator('..');
    const sizes = await row.evaluate((el) => {
      const scroller = el as unknown as { scrollWidth: number; clientWidth: number; scrollLeft: number };
      return { scroll: scroller.scrollWidth, client: scroller.clientWidth, left: scroller.scrollLeft };
    });
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    // The chip the address chose is scrolled into view, within the screen.
    expect(sizes.left).toBeGreaterThan(0);
    const chosen = (await cardiff.boundingBox())!;
    expect(chosen.x).toBeGreaterThanOrEqual(0);
    expect(chosen.x + chosen.width).toBeLessThanOrEqual(390);
    // The first session follows the one row.
    const rowBox = (await row.boundingBox())!;
    const first = (await schedule.getByRole('listitem').first().boundingBox())!;
    expect(first.y - (rowBox.y + rowBox.height)).toBeLessThan(40);
    expect(await accessibilityViolations(page)).toEqual([]);

    // From 768 px the groups wrap in rows of their own again.
    await page.setViewportSize({ width: 1280, height: 900 });
    const category = (await schedule.getByRole('group', { name: 'Filter by category' }).boundingBox())!;
    const location = (await schedule.getByRole('group', { name: 'Filter by location' }).boundingBox())!;
    expect(location.y).toBeGreaterThan(category.y + category.height - 1);
    await page.close();
  });

  it('shows prices in the currency the visitor picks', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(siteUrl);
    const row = page.getByRole('row').filter({ hasText: 'Breath & Birth: Pregnancy Breathwork' });
    await row.getByText('£25').waitFor();
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
    await row.getByText('€29').waitFor(); // £25 at the fallback rate 1.17, rounded to a whole euro
    await page.close();
  });

  it("keeps the visitor's own currency across reloads; one who never chose gets their country's", async () => {
    // A visitor in France, as CloudFront would tell the API.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'cloudfront-viewer-country': 'FR' },
    });
    const page = await context.newPage();
    const currency = page.getByRole('combobox', { name: 'Currency' });
    const row = page.getByRole('row').filter({ hasText: 'Breath & Birth: Pregnancy Breathwork' });
    await page.goto(siteUrl);
    await row.getByText('€29').waitFor();
    await page.reload();
    await row.getByText('€29').waitFor();

    await currency.selectOption('USD');
    await row.getByText('$32').waitFor();
    await page.reload();
    await row.getByText('$32').waitFor();
    expect(await currency.inputValue()).toBe('USD');
    // The location answer does not replace a choice, however late it comes.
    await page.waitForLoadState('networkidle');
    expect(await currency.inputValue()).toBe('USD');

    // Another tab of the same browser follows the choice once the app has started (the
    // pre-rendered page shows the default until then).
    const other = await context.newPage();
    await other.goto(siteUrl);
    await other.getByRole('row').filter({ hasText: 'Breath & Birth: Pregnancy Breathwork' }).getByText('$32').waitFor();
    expect(await other.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('USD');
    await other.getByRole('combobox', { name: 'Currency' }).selectOption('GBP');
    await row.getByText('£25').waitFor();
    await context.close();
  });

  it('shows the mobile top sheet with Join now, and the 404 page with a way home', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${siteUrl}/no-such-page`);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    expect(await sheet.getByRole('link', { name: 'Join now' }).isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await sheet.getByRole('button', { name: 'Close menu' }).click();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByRole('heading', { name: 'UPCOMING SESSIONS' }).waitFor();
    expect(await page.getByText("REACH OUT, LET'S CONNECT").isVisible()).toBe(true);
    // The schedule's other address leads to it, with its filter.
    await page.goto(`${siteUrl}/live-sessions?category=Meditation`);
    await page.waitForURL(`${siteUrl}/?category=Meditation`);
    await page.getByRole('heading', { name: 'UPCOMING SESSIONS' }).waitFor();
    await page.close();
  });

  it('tells the visitor in a toast when the last seat went while they were typing', async () => {
    const session = await createSession({ title: 'Last Seat Circle', maxAttendees: 1 });
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/sessions/${session.id}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    await page.getByLabel('First name').fill('Mary');
    await page.getByLabel('Last name').fill('Somerville');
    await page.getByLabel('Email').fill('mary@example.com');

    const other = { firstName: 'Quick', lastName: 'Booker', email: 'quick@example.com' };
    expect((await api(`/sessions/${session.id}/bookings`, { method: 'POST', body: JSON.stringify(other) })).status).toBe(201);

    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByText('This session is sold out.').waitFor();
    expect(page.url()).toContain(`/sessions/${session.id}`);
    await page.close();
  });

  it("shows 'Session not found' for an unknown session", async () => {
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/sessions/01UNKNOWN`);
    await page.getByRole('heading', { name: 'Session not found' }).waitFor();
    await page.close();
  });
});
