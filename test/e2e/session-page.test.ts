import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';
import { expectCleanPage, openPage, phone, useBrowser } from '../support/browser';

const browser = useBrowser();

describe("a session's page, rendered on the server", () => {
  it('shows the session from its HTML alone, its times in the teacher’s zone, before any script has run', async () => {
    const session = await createSession({
      title: `Evening Breath ${ulid()}`,
      description: 'Slow nasal breathing, then rest.',
      startTime: '2031-01-14T19:30:00.000Z',
      durationMinutes: 90,
      priceAmount: 1800,
      priceCurrency: 'GBP',
      maxAttendees: 12,
      thumbnailUrl: '/favicon.svg',
    });
    const context = await browser().newContext({ viewport: phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${siteUrl}/sessions/${session.id}`);
    expect(await page.title()).toBe(`${session.title} · Breathwork`);
    await page.getByRole('heading', { level: 1, name: session.title }).waitFor();
    const facts = await page.getByRole('definition').allInnerTexts();
    expect(facts).toEqual(['January 14, 2031', '7:30 PM GMT · 1h 30min', 'Online — the joining link comes to you by e-mail']);
    expect(await page.getByText('£18', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('12 places left').isVisible()).toBe(true);
    // Its picture is the page's largest element: asked for before the scripts.
    expect(await page.locator('img[src="/favicon.svg"][width="1200"]').getAttribute('fetchpriority')).toBe('high');
    // Its buttons do nothing until the script runs: they show as loading instead.
    expect(await page.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
    await context.close();
  });

  it('is taken over by the script from the data it came with, which it refreshes in the background, and books', async () => {
    const session = await createSession({ title: `Morning Breath ${ulid()}`, maxAttendees: 6 });
    const page = await openPage(browser(), phone);
    // Marked once the HTML is parsed, before the app's scripts are even asked for (src/boot.ts).
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => Object.assign(document.querySelector('h1')!, { painted: true })),
    );
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/sessions')) asked.push(new URL(request.url()).pathname);
    });
    await page.goto(`${siteUrl}/sessions/${session.id}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    await page.getByRole('textbox', { name: 'First Name' }).waitFor();
    // The heading that painted first is the one the app went on with: nothing was rendered over it.
    const heading = page.getByRole('heading', { level: 1, name: session.title });
    expect(await heading.evaluate((element) => (element as HTMLElement & { painted?: boolean }).painted)).toBe(true);
    // Asked for once, in the background: a page CloudFront kept may be older than the session is now.
    expect(asked).toEqual([`/api/sessions/${session.id}`]);
    await expectCleanPage(page);
    await page.close();
  });

  it('offers no booking once a session has started, and says whether it has ended', async () => {
    const ended = await createSession({
      title: `Ended Breath ${ulid()}`,
      startTime: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      maxAttendees: 10,
    });
    const underway = await createSession({
      title: `Underway Breath ${ulid()}`,
      startTime: new Date(Date.now() - 10 * 60_000).toISOString(),
      durationMinutes: 60,
      maxAttendees: 10,
    });
    const page = await openPage(browser(), phone);
    for (const [session, note] of [
      [ended, 'This session has ended.'],
      [underway, 'This session has already started.'],
    ] as const) {
      await page.goto(`${siteUrl}/sessions/${session.id}`);
      await page.getByRole('status').filter({ hasText: note }).waitFor();
      expect(await page.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
      expect(await page.getByText('10 places left').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'See upcoming sessions' }).getAttribute('href')).toBe('/');
    }
    // A page opened before the start stops offering the booking when the session starts.
    const soon = await createSession({ title: `Soon Breath ${ulid()}`, startTime: new Date(Date.now() + 4_000).toISOString() });
    await page.goto(`${siteUrl}/sessions/${soon.id}`);
    await page.getByRole('button', { name: 'Book Now' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'This session has already started.' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
    await expectCleanPage(page);
    await page.close();
  });

  it('answers a path that names no session with the site’s 404, which the page explains', async () => {
    const session = await createSession({ title: `Slashed Breath ${ulid()}` });
    // With a slash after the id, as the browser's router reads it, the same page.
    const slashed = await fetch(`${siteUrl}/sessions/${session.id}/`);
    expect([slashed.status, await slashed.text()]).toEqual([200, expect.stringContaining(session.title)]);
    for (const path of ['/sessions/01J0000000000000000000NONE', '/sessions/not%20an%20id', '/sessions/a/b']) {
      const response = await fetch(`${siteUrl}${path}`);
      expect([response.status, response.headers.get('content-type')], path).toEqual([404, 'text/html; charset=utf-8']);
    }
    const page = await openPage(browser(), phone);
    await page.goto(`${siteUrl}/sessions/01J0000000000000000000NONE`);
    await page.getByRole('heading', { level: 1, name: 'Session not found' }).waitFor();
    await expectCleanPage(page);
    await page.close();
  });
});
