import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { Page } from 'playwright-core';
import { api, siteUrl } from '../support/stack';
import { signedInUser } from '../support/users';
import { createRecording, givePackage } from '../support/recordings';
import {
  desktop,
  expectCleanPage,
  newAddress,
  openPage,
  phone,
  signedInAdmin,
  signInAt,
  useBrowser,
  expectCleanAtBothWidths,
} from '../support/browser';

const browser = useBrowser();
/**
 * A real 5-second H.264 clip, as the demo data has, made 2 MB larger by an MP4 `free` box at its end
 * (which players skip), so its upload takes long enough on a slow connection to show its progress.
 */
const clip = (() => {
  const video = readFileSync(new URL('../../local/demo-media/riding-the-wave.mp4', import.meta.url));
  const padding = Buffer.alloc(2 * 1024 * 1024);
  padding.writeUInt32BE(padding.length, 0);
  padding.write('free', 4, 'latin1');
  return Buffer.concat([video, padding]);
})();
const still = readFileSync(new URL('../../local/demo-media/riding-the-wave.jpg', import.meta.url));

/** Chooses a file of `bytes` in the page itself, as a person would from their disk (too large to send from the test). */
const chooseLargeFile = (page: Page, label: string, bytes: number) =>
  page.getByLabel(label).evaluate((input: HTMLInputElement, size) => {
    const files = new DataTransfer();
    files.items.add(new File([new ArrayBuffer(size)], 'whole-birth.mp4', { type: 'video/mp4' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, bytes);

describe("the administrator's birth recordings", () => {
  it('sets the package price, which the library offers at once, and lists the recordings in their order', async () => {
    const recording = await createRecording({ title: `Listed Breath ${ulid()}`, isFree: true, orderIndex: 0 });
    const { page } = await signedInAdmin(browser(), '/admin/birth-recordings', phone);
    await page.getByRole('heading', { name: 'Birth Recordings', level: 1 }).waitFor();
    await page.getByText(recording.title).waitFor();
    const price = page.getByLabel('Price', { exact: true });
    await expect.poll(() => price.inputValue()).toBe('60.00');

    await price.fill('0');
    await page.getByRole('button', { name: 'Save price' }).click();
    await page.getByText('Invalid price: Please enter a valid price.').waitFor();
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }

    await price.fill('48.50');
    await page.getByLabel('Base currency').selectOption('GBP');
    await page.getByRole('button', { name: 'Save price' }).click();
    await page.getByText('Price updated').waitFor();
    await page.goto(`${siteUrl}/birth-recordings`);
    await page.getByRole('region', { name: 'Unlock the complete birth-breathwork library' }).getByText('£48.50').waitFor();

    // Back to the default price (docs/product.md#recordings-package), which the other tests' purchases expect.
    await page.goto(`${siteUrl}/admin/birth-recordings`);
    await expect.poll(() => page.getByLabel('Price', { exact: true }).inputValue()).toBe('48.50');
    await page.getByLabel('Price', { exact: true }).fill('60');
    await page.getByLabel('Base currency').selectOption('EUR');
    await page.getByRole('button', { name: 'Save price' }).click();
    await page.getByText('Price updated').waitFor();
    await page.close();
  });

  it('adds a premium recording with its video and thumbnail, which a buyer plays; edits and deletes it', async () => {
    const { page } = await signedInAdmin(browser(), '/admin/birth-recordings', desktop);
    const library = page.getByRole('region', { name: 'Recordings Library' });
    await library.getByRole('table', { name: 'Recordings, in their order' }).waitFor();
    await library.getByRole('button', { name: 'Add Recording' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Recording' });
    const form = dialog.getByRole('form', { name: 'Create recording' });
    await form.waitFor();

    // Nothing chosen: the words of docs/product.md#validation; a file over 100 MB is refused in the browser, with its size.
    await form.getByRole('button', { name: 'Create Recording' }).click();
    await form.getByText('Title is required').waitFor();
    await form.getByText('Video URL is required unless a video file is chosen').waitFor();
    await chooseLargeFile(page, 'Choose video file', 101 * 1024 * 1024);
    await form.getByText('File size exceeds the maximum allowed size of 100MB. Your file is 101.00 MB.').waitFor();

    const title = `Riding the Wave, Again ${ulid().slice(-6)}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Breath to meet stronger contractions, recorded again.');
    await form
      .getByLabel('Choose video file')
      .setInputFiles({ name: 'riding-the-wave.mp4', mimeType: 'video/mp4', buffer: clip });
    await form.getByText('riding-the-wave.mp4 · 0:05 (uploads on save)').waitFor();
    await form.getByLabel('Choose image').setInputFiles({ name: 'riding-the-wave.jpg', mimeType: 'image/jpeg', buffer: still });
    const thumbnail = form.getByRole('img', { name: 'The thumbnail image' });
    await thumbnail.waitFor();
    expect(await thumbnail.getAttribute('src')).toMatch(/^\/images\/recordings\/[0-9A-Z]{26}\.jpg$/);
    expect(await form.getByRole('switch', { name: 'Free recording' }).isChecked()).toBe(false);
    await form.getByLabel('Order index').fill('940');

    // Saving posts the video straight to the bucket: on a slow connection its progress shows.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: Math.ceil(clip.length / 10),
    });
    await page.getByText('Image uploaded successfully').waitFor({ state: 'hidden' });
    await form.getByRole('button', { name: 'Create Recording' }).click();
    const progress = form.getByRole('progressbar', { name: 'Uploading video' });
    await progress.waitFor();
    expect(await form.getByRole('button', { name: 'Saving…' }).isDisabled()).toBe(true);
    await expectCleanAtBothWidths(page);
    const shownProgress = () => progress.getAttribute('value').then(Number);
    await expect.poll(shownProgress, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await shownProgress()).toBeLessThan(100);
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByText('Recording created').waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'hidden' });
    const row = library.getByRole('row', { name: new RegExp(title) });
    await row.getByText('Premium').waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['Breath to meet stronger contractions, recorded again.', '940']),
    );

    // A buyer who owns the package finds it in the library, with its thumbnail, and it plays.
    const buyer = { email: newAddress('buyer'), password: `pw-${ulid()}` };
    await givePackage(await signedInUser(buyer.email, { password: buyer.password }));
    const watcher = await openPage(browser(), phone);
    await signInAt(watcher, '/dashboard', buyer.email, buyer.password);
    await watcher.goto(`${siteUrl}/birth-recordings`);
    const card = watcher.getByRole('link', { name: new RegExp(title) });
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/images\/recordings\/[0-9A-Z]{26}\.jpg$/);
    await card.click();
    await watcher.getByRole('heading', { level: 1, name: title }).waitFor();
    const video = watcher.locator('video');
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await watcher.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 1, undefined, { timeout: 15_000 });
    await watcher.close();

    // Edited: free now, under a new title.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Recording' }).getByRole('form', { name: 'Edit recording' });
    expect(await edit.getByLabel('Title').inputValue()).toBe(title);
    await edit.getByText('Uploaded video · 0:05').waitFor();
    await edit.getByLabel('Title').fill(`${title}, free`);
    const free = edit.getByRole('switch', { name: 'Free recording' });
    await edit.locator('label', { hasText: 'Free recording' }).click();
    expect(await free.isChecked()).toBe(true);
    await edit.getByRole('button', { name: 'Update Recording' }).click();
    await page.getByText('Recording updated').waitFor();
    const freeRow = library.getByRole('row', { name: new RegExp(`${title}, free`) });
    await freeRow.getByText('Free', { exact: true }).waitFor();

    // Deleted after asking.
    await freeRow.getByRole('button', { name: `Delete ${title}, free` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this recording?' });
    // (The 'Recording updated' toast naming it may still show, inside the open dialog.)
    await confirm.getByText(`${title}, free leaves the library at once`, { exact: false }).waitFor();
    await expectCleanAtBothWidths(page);
    await page.setViewportSize(desktop);
    await confirm.getByRole('button', { name: 'Delete recording' }).click();
    await page.getByText('Recording deleted').waitFor();
    await freeRow.waitFor({ state: 'detached' });
    await page.close();
  });

  it('lists the addresses visitors gave to watch a free recording, newest first, and exports them', async () => {
    const recording = await createRecording({ title: `Open Breath ${ulid()}`, isFree: true, orderIndex: 0 });
    const email = newAddress('lead');
    for (let visit = 0; visit < 2; visit++) {
      const gate = await api(`/recordings/${recording.id}/access`, { method: 'POST', body: JSON.stringify({ email }) });
      expect(gate.status).toBe(200);
    }
    const { page } = await signedInAdmin(browser(), '/admin/birth-recordings');
    await page.getByRole('button', { name: 'Leads', exact: true }).click();
    const leads = page.getByRole('table', { name: 'Free recording leads, newest first' });
    const first = leads.getByRole('row').nth(1);
    await first.getByRole('rowheader', { name: email }).waitFor();
    expect(await first.getByRole('cell').allInnerTexts()).toEqual([expect.any(String), expect.any(String), '2', recording.title]);
    await expectCleanAtBothWidths(page, () => page.getByText(email).first().waitFor());
    // The tab is in the address: a reload stays on it.
    expect(new URL(page.url()).searchParams.get('tab')).toBe('leads');
    await page.reload();
    await first.getByRole('rowheader', { name: email }).waitFor();

    await page.setViewportSize(desktop);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^recording-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await readFile(await download.path(), 'utf8');
    expect(file.split('\r\n')[1]).toMatch(new RegExp(`^"${email.replace(/[.+]/g, '\\$&')}",".+",".+","2","${recording.title}"$`));
    await page.close();
  });
});
