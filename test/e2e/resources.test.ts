import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { Locator } from 'playwright-core';
import { siteUrl } from '../support/stack';
import { desktop, openPage, phone, signedInAdmin, useBrowser, expectCleanAtBothWidths } from '../support/browser';

const browser = useBrowser();
/** A real WebM of a few seconds, as the demo data has. */
const webm = readFileSync(new URL('../../local/demo-media/resource-breath.webm', import.meta.url));

/** The video has loaded its metadata from the private bucket, through the address the listing signed. */
async function expectPlayable(video: Locator) {
  await video.waitFor();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(1);
}

describe('learning resources in the browser', () => {
  it('lets a visitor find resources from the footer, search them, play their videos, or be told none are found', async () => {
    const page = await openPage(browser(), phone);
    await page.goto(`${siteUrl}/`);
    // Once the schedule has loaded, so the footer no longer moves under the click.
    await page.getByRole('region', { name: 'UPCOMING SESSIONS' }).locator('a[href^="/sessions/"]').first().waitFor();
    await page.getByRole('link', { name: 'Learning resources' }).click();
    await page.getByRole('heading', { name: 'Practices to keep with you' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/resources');

    const boxBreathing = page.getByRole('article', { name: 'Box Breathing for Everyday Calm' });
    await boxBreathing.waitFor();
    const videos = boxBreathing.getByRole('list', { name: 'Videos of Box Breathing for Everyday Calm' }).getByRole('listitem');
    expect(await videos.allInnerTexts()).toEqual([
      expect.stringMatching(/^1\.\s*Four slow counts/),
      expect.stringMatching(/^2\.\s*More guided box breathing[\s\S]*on youtube\.com/),
    ]);
    await expectPlayable(boxBreathing.locator('video'));
    await expectCleanAtBothWidths(page);

    const search = page.getByRole('searchbox', { name: 'Search resources' });
    await search.fill('labour');
    await page.waitForURL(`${siteUrl}/resources?q=labour`);
    await page.getByRole('article', { name: 'Preparing to Breathe Through Birth' }).waitFor();
    await boxBreathing.waitFor({ state: 'detached' });
    expect(await page.getByRole('article').count()).toBe(1);

    await search.fill('sleep');
    await page.getByRole('article', { name: 'Evening Wind-Down' }).waitFor();

    await search.fill(`kundalini-${ulid()}`);
    await page.getByText('No resources found').waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
    await expectCleanAtBothWidths(page);
    await page.getByRole('button', { name: 'Show all resources' }).click();
    await boxBreathing.waitFor();
    expect(new URL(page.url()).search).toBe('');

    // A searched address opens with its search.
    await page.goto(`${siteUrl}/resources?q=Birth`);
    expect(await search.inputValue()).toBe('Birth');
    await page.getByRole('article', { name: 'Preparing to Breathe Through Birth' }).waitFor();
  });

  it('lets the administrator create a resource with a linked and an uploaded video, edit it, and visitors see it', async () => {
    const { page } = await signedInAdmin(browser(), '/admin');
    // In the admin's tabs, and as a card of the overview.
    await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: 'Resources', exact: true }).waitFor();
    await page.getByRole('link', { name: /^Resources\s*Learning resources and their videos/ }).click();
    await page.getByRole('heading', { name: 'Manage Resources' }).waitFor();
    await page.getByRole('table', { name: 'Resources, newest first' }).waitFor();
    await expectCleanAtBothWidths(page);

    await page.getByRole('link', { name: 'Create New Resource' }).click();
    const form = page.getByRole('form', { name: 'Create resource' });
    await form.waitFor();
    // The title is required: nothing is saved or uploaded without it.
    await form.getByRole('button', { name: 'Create Resource' }).click();
    await form.getByText('Title is required').waitFor();

    const title = `Alternate Nostril ${ulid().slice(-6)}`;
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Category').fill('Pranayama');
    await form.getByLabel('Description').fill('Balancing the breath between the two sides.');
    await form.getByLabel('Price (optional)').fill('12');
    await form.getByLabel('Video 1 title').fill('A guide elsewhere');
    await form.getByRole('radiogroup', { name: 'Video 1 source' }).getByLabel('Link to a video').check();
    await form.getByLabel('Video 1 URL').fill('https://video.example/nadi-shodhana');
    await form.getByRole('button', { name: 'Add video' }).click();
    await form.getByLabel('Video 2 title').fill('Practise along');
    // Over 100 MB, or not a video: refused before anything is sent.
    await form
      .getByLabel('Choose video 2 file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('in, out') });
    await page.getByText('Only MP4 and WebM videos can be uploaded').waitFor();
    await form.getByLabel('Choose video 2 file').setInputFiles({ name: 'practice.webm', mimeType: 'video/webm', buffer: webm });
    await form.getByText('practice.webm (uploads on save)').waitFor();
    // A row with neither a title nor a file or link is left out.
    await form.getByRole('button', { name: 'Add video' }).click();
    await page.getByText('Only MP4 and WebM videos can be uploaded').waitFor({ state: 'hidden' });
    await expectCleanAtBothWidths(page);

    // A slow connection, so the upload's progress shows on its way.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: Math.ceil(webm.length / 4),
    });
    await form.getByRole('button', { name: 'Create Resource' }).click();
    await form.getByRole('progressbar', { name: 'Uploading video 2' }).waitFor();
    await page.getByText('Resource created successfully').waitFor({ timeout: 30_000 });
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByRole('heading', { name: 'Manage Resources' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(['Pranayama', '$12', expect.any(String), 'Edit']);
    expect(await row.getByRole('rowheader').innerText()).toContain('2 videos');

    // Edited: a new title, the uploaded video first.
    await row.getByRole('link', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('form', { name: 'Edit resource' });
    await edit.waitFor();
    expect(await edit.getByLabel('Video 1 URL').inputValue()).toBe('https://video.example/nadi-shodhana');
    await edit.getByText('Video uploaded (WEBM)', { exact: true }).waitFor();
    await expectCleanAtBothWidths(page);
    await edit.getByLabel('Title', { exact: true }).fill(`${title} (revised)`);
    await edit.getByRole('button', { name: 'Move video 2 up' }).click();
    await edit.getByRole('button', { name: 'Update Resource' }).click();
    await page.getByText('Resource updated successfully').waitFor();

    // Visitors find it, its videos in the new order, the upload playing from the private bucket.
    const visitor = await openPage(browser(), desktop);
    await visitor.goto(`${siteUrl}/resources?q=${encodeURIComponent(title)}`);
    const shown = visitor.getByRole('article', { name: `${title} (revised)` });
    await shown.waitFor();
    const videos = shown.getByRole('listitem');
    expect(await videos.allInnerTexts()).toEqual([
      expect.stringMatching(/^1\.\s*Practise along/),
      expect.stringMatching(/^2\.\s*A guide elsewhere[\s\S]*on video\.example/),
    ]);
    await expectPlayable(shown.locator('video'));
    // In the currency the visitor chose, as every price of the site: pounds, then dollars.
    await shown.getByText(/^£\d+$/).waitFor();
    await visitor.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
    await shown.getByText('$12', { exact: true }).waitFor();
    await expectCleanAtBothWidths(visitor);
  });

  it('saves a resource whose video could not be uploaded, and says so', async () => {
    const { page } = await signedInAdmin(browser(), '/admin/resources/new', phone);
    // The storage refuses the post, as a dropped connection would.
    await page.route(/breathwork-media/, (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
    const form = page.getByRole('form', { name: 'Create resource' });
    const title = `Humming Bee ${ulid().slice(-6)}`;
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Video 1 title').fill('Lost on the way');
    await form.getByLabel('Choose video 1 file').setInputFiles({ name: 'bee.webm', mimeType: 'video/webm', buffer: webm });
    await form.getByRole('button', { name: 'Create Resource' }).click();
    await page.getByText('Failed to upload video.', { exact: true }).waitFor();
    await page.getByText('Warning: Resource created but some videos failed to upload').waitFor();
    await page.getByRole('heading', { name: 'Manage Resources' }).waitFor();
    // Cards on a phone.
    const card = page.getByRole('list', { name: 'Resources, newest first' }).getByRole('listitem').filter({ hasText: title });
    expect(await card.innerText()).toContain('0 videos');
    // Checked without the toasts: axe reads a toast still fading as low contrast.
    await page.getByText('Warning: Resource created but some videos failed to upload').waitFor({ state: 'hidden' });
    await expectCleanAtBothWidths(page);
  });
});
