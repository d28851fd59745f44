import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';
import { desktop, expectCleanAtBothWidths, openPage, useBrowser } from '../support/browser';

const browser = useBrowser();

/** The session page's lazy chunk in the build the stack serves, from Vite's manifest. */
const manifest = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'web', 'dist', '.vite', 'manifest.json'), 'utf8'),
) as Record<string, { file: string }>;
const sessionChunk = `/${manifest['src/routes/session-detail.tsx'].file}`;

/**
 * The session page's chunk answers 404 (as S3 answers for a file a deploy removed) `times` times,
 * then is served again; counts the page's loads.
 */
async function withMissingChunk(page: Page, times: number) {
  let refused = 0;
  await page.route(`${siteUrl}${sessionChunk}`, async (route) => {
    if (refused < times) {
      refused += 1;
      await route.fulfill({ status: 404, body: 'Not Found' });
    } else {
      await route.continue();
    }
  });
  let loads = 0;
  page.on('load', () => (loads += 1));
  return { loads: () => loads, refused: () => refused };
}

async function openSessionFromHome(page: Page, title: string) {
  await page.goto(siteUrl);
  const schedule = page.getByRole('region', { name: 'UPCOMING SESSIONS' });
  await schedule.getByRole('link', { name: title, exact: true }).click();
}

describe('a tab open across a deploy', () => {
  it('reloads once when a page it opens finds its chunk gone, and shows the page', async () => {
    const session = await createSession({ title: 'Breath After Deploy' });
    const page = await openPage(browser(), desktop);
    const chunk = await withMissingChunk(page, 1);
    await openSessionFromHome(page, session.title);
    await page.getByRole('heading', { level: 1, name: session.title }).waitFor();
    expect(page.url()).toBe(`${siteUrl}/sessions/${session.id}`);
    expect(chunk.refused()).toBe(1);
    // The home page, then the reload (whose heading, rendered on the server, may show before its load ends): not a blank page, not an error.
    await expect.poll(() => chunk.loads()).toBe(2);
    await page.getByRole('button', { name: 'Book Now' }).waitFor();
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    await page.close();
  });

  it('reloads only once for a chunk that stays gone, then says what failed', async () => {
    const session = await createSession({ title: 'Breath Without Its Page' });
    const page = await openPage(browser(), desktop);
    const chunk = await withMissingChunk(page, 100);
    await openSessionFromHome(page, session.title);
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();
    // Give a second reload, were there one, the time to start.
    await page.waitForTimeout(1000);
    expect(chunk.loads()).toBe(2);
    // Asked for by the app before the reload; after it, by the page's preload and by the app (which
    // the browser may serve from the preload's answer), and never again.
    expect([2, 3]).toContain(chunk.refused());
    await expectCleanAtBothWidths(page);
    await page.close();
  });
});
