import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { Page } from 'playwright-core';
import { siteUrl } from '../support/stack';
import { desktop, expectCleanAtBothWidths, expectCleanPage, phone, useBrowser, signedInAdmin } from '../support/browser';

const browser = useBrowser();

/** A 1200 x 630 PNG drawn by the browser itself: soft clay tones and a breath's wave. */
async function drawnImage(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 630;
    const context = canvas.getContext('2d')!;
    const tone = context.createLinearGradient(0, 0, 1200, 630);
    tone.addColorStop(0, '#f1dcc4');
    tone.addColorStop(1, '#a0533a');
    context.fillStyle = tone;
    context.fillRect(0, 0, 1200, 630);
    context.strokeStyle = '#ffffff';
    context.lineWidth = 8;
    context.beginPath();
    for (let x = 0; x <= 1200; x += 10) context.lineTo(x, 315 + 80 * Math.sin(x / 120));
    context.stroke();
    return canvas.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(base64, 'base64');
}

describe("the administrator's image upload in the browser", () => {
  it('creates a session with an uploaded image, shown with its progress, which visitors then see', async () => {
    const { page } = await signedInAdmin(browser(), '/admin/sessions/new');
    const form = page.getByRole('form', { name: 'Create session' });
    const picker = form.getByRole('group', { name: 'Session image' });
    await picker.waitFor();

    // Dropped text is no file; a file over 10 MB is refused before anything is sent.
    const text = await page.evaluateHandle(() => {
      const dropped = new DataTransfer();
      dropped.setData('text/plain', 'not a file');
      return dropped;
    });
    await picker.getByText('No image yet: choose one, or drop it here.').dispatchEvent('drop', { dataTransfer: text });
    await page.getByText('No file provided').waitFor();
    const large = { name: 'large.png', mimeType: 'image/png', buffer: Buffer.alloc(Math.round(10.5 * 1024 * 1024)) };
    await form.getByLabel('Choose image').setInputFiles(large);
    await page.getByText('File size exceeds the maximum allowed size of 10MB. Your file is 10.50 MB.').waitFor();
    const notAnImage = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('breathe in, breathe out') };
    await form.getByLabel('Choose image').setInputFiles(notAnImage);
    await page.getByText('Upload failed: Only JPEG, PNG, WebP and GIF images can be uploaded').waitFor();
    expect(await picker.getByRole('img').count()).toBe(0);

    // A slow connection, so the upload's progress can be seen (and checked) on its way.
    const image = await drawnImage(page);
    const network = await page.context().newCDPSession(page);
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: Math.ceil(image.length / 20),
    });
    // Checked without the toasts: axe reads a toast still fading as low contrast.
    await page
      .getByText(/^(Upload failed|No file provided|File size exceeds)/)
      .last()
      .waitFor({ state: 'hidden' });
    await form.getByLabel('Choose image').setInputFiles({ name: 'evening.png', mimeType: 'image/png', buffer: image });
    const progress = picker.getByRole('progressbar', { name: 'Uploading image' });
    await progress.waitFor();
    expect(await picker.getByRole('img', { name: 'The chosen image, uploading' }).count()).toBe(1);
    expect(await form.getByRole('button', { name: 'Create Session' }).isDisabled()).toBe(true);
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }
    const shownProgress = Number(await progress.getAttribute('value'));
    expect(shownProgress).toBeGreaterThan(0);
    expect(shownProgress).toBeLessThan(100);
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByText('Image uploaded successfully').waitFor({ timeout: 30_000 });
    const preview = picker.getByRole('img', { name: 'The session image' });
    const src = await preview.getAttribute('src');
    expect(src).toMatch(/^\/images\/sessions\/new\/[0-9A-Z]{26}\.png$/);
    await page.getByText('Image uploaded successfully').waitFor({ state: 'hidden' });
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }

    const title = `Pictured Breath ${ulid().slice(-6)}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Slow breathing, with a picture.');
    await form.getByLabel(/^Start time/).fill('2030-05-06T18:00');
    await form.getByRole('button', { name: 'Create Session' }).click();
    await page.getByText('Session created successfully').waitFor();
    await page.getByRole('heading', { name: title }).waitFor();
    const sessionPage = new URL(page.url()).pathname;
    expect(sessionPage).toMatch(/^\/admin\/sessions\/[0-9A-Z]{26}$/);
    expect(await page.getByRole('img', { name: 'The session image' }).getAttribute('src')).toBe(src);

    // On the home page, and on its page the image as uploaded, served by the site.
    await page.goto(`${siteUrl}/`);
    await page.getByRole('link', { name: `Book ${title}` }).click();
    await page.getByRole('heading', { name: title }).waitFor();
    const shown = page.locator(`img[src="${src}"]`);
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    expect(await page.evaluate('window.cspViolations')).toEqual([]);

    // Removed in the edit form, the session has no image again.
    await page.goto(`${siteUrl}${sessionPage}/edit`);
    const edit = page.getByRole('form', { name: 'Edit session' });
    await edit.getByRole('img', { name: 'The session image' }).waitFor();
    await expectCleanAtBothWidths(page);
    await edit.getByRole('button', { name: 'Remove image' }).click();
    await edit.getByText('No image yet: choose one, or drop it here.').waitFor();
    await edit.getByRole('button', { name: 'Update Session' }).click();
    await page.getByText('Session updated successfully').waitFor();
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await page.getByRole('img', { name: 'The session image' }).count()).toBe(0);
  });
});
