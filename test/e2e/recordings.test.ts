import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { leadKey } from '../../functions/domain/records/keys';
import type { PlaybackProgress } from '../../functions/schemas/recording';
import { api, siteUrl } from '../support/stack';
import { signedInUser } from '../support/users';
import { createRecording, givePackage } from '../support/recordings';
import { desktop, newAddress, openPage, phone, signInAt, useBrowser, expectCleanAtBothWidths } from '../support/browser';

const browser = useBrowser();

/** Every request the page makes for a video's bytes: the presigned addresses of the media bucket. */
function mediaRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('X-Amz-Signature') || request.resourceType() === 'media') seen.push(request.url());
  });
  return seen;
}

const video = (page: Page) => page.locator('video');
const currentTime = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);

/** Plays the video as a person pressing play would (muted, so the browser needs no gesture for it). */
const play = (page: Page) =>
  video(page).evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });

async function waitForTime(page: Page, atLeast: number) {
  await page.waitForFunction((min) => (document.querySelector('video')?.currentTime ?? 0) >= min, atLeast, { timeout: 15_000 });
}

/** Saves a member's place in a recording, as their player would. */
const placeAt = (token: string, recordingId: string, positionSeconds: number) =>
  api<PlaybackProgress>(`/recordings/${recordingId}/progress`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ positionSeconds }),
  });

async function member(name: string, options: { withPackage?: boolean } = {}) {
  const email = newAddress(name);
  const password = `pw-${ulid()}`;
  const token = await signedInUser(email, { password });
  if (options.withPackage) await givePackage(token);
  return { email, password, token };
}

describe('the recordings in the browser', () => {
  it('lists the recordings with their badges and the related services', async () => {
    const tag = ulid().slice(-6);
    await createRecording({ title: `Library Free ${tag}`, isFree: true, orderIndex: 700 });
    await createRecording({ title: `Library Premium ${tag}`, isFree: false, orderIndex: 701 });
    const page = await openPage(browser(), phone);
    await page.goto(`${siteUrl}/birth-recordings`);
    const card = (title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await card(`Library Free ${tag}`).getByText('Free', { exact: true }).waitFor();
    await card(`Library Premium ${tag}`).getByText('Premium', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Related Services' }).waitFor();
    expect(await page.getByRole('link', { name: /See the schedule/ }).getAttribute('href')).toBe('/#schedule');
    await expectCleanAtBothWidths(page, () => card(`Library Premium ${tag}`).waitFor());

    // The owner of the package sees the premium recording unlocked.
    const owner = await member('owner', { withPackage: true });
    await signInAt(page, '/dashboard', owner.email, owner.password);
    await page.goto(`${siteUrl}/birth-recordings`);
    await card(`Library Premium ${tag}`).getByText('Unlocked', { exact: true }).waitFor();
    await page.close();
  });

  it('paints the introduction from its HTML before any script, and the app goes on from the same page', async () => {
    const context = await browser().newContext({ viewport: phone, javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(`${siteUrl}/birth-recordings`);
    expect(await still.title()).toBe('Birth Recordings · Breathwork');
    await still.getByRole('heading', { level: 1, name: 'Breathe your baby into the world.' }).waitFor();
    expect(await still.getByText(/^Guided recordings to practise at home/).isVisible()).toBe(true);
    expect(await still.getByRole('list', { name: 'Loading the recordings' }).isVisible()).toBe(true);
    await context.close();

    const page = await openPage(browser(), phone);
    // The page's own code arrives late: the introduction that painted must stay, not give way to a skeleton.
    await page.route('**/assets/birth-recordings-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => Object.assign(document.querySelector('h1')!, { painted: true })),
    );
    await page.goto(`${siteUrl}/birth-recordings`);
    await page
      .getByRole('link', { name: /Watch free/ })
      .first()
      .waitFor();
    const heading = page.getByRole('heading', { level: 1, name: 'Breathe your baby into the world.' });
    expect(await heading.evaluate((element) => (element as HTMLElement & { painted?: boolean }).painted)).toBe(true);
    await page.close();
  });

  it('lets a visitor unlock a free recording with an e-mail address, and plays it; the next free one opens at once', async () => {
    const first = await createRecording({ title: `Calm Breath ${ulid().slice(-6)}`, isFree: true });
    const second = await createRecording({ title: `Second Calm ${ulid().slice(-6)}`, isFree: true });
    const page = await openPage(browser(), phone);
    const media = mediaRequests(page);
    await page.goto(`${siteUrl}/birth-recordings/${first.id}`);
    await page.getByRole('heading', { name: 'Watch this recording for free' }).waitFor();
    await expectCleanAtBothWidths(page, () => page.getByLabel('Email').waitFor());

    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Watch for free' }).click();
    await page.getByText('Invalid Email').waitFor();
    await page.getByText('Please enter a valid email address.').first().waitFor();
    expect(media).toEqual([]);

    const email = newAddress('visitor');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Watch for free' }).click();
    // The toast about the address typed before goes at once (it would stay 4 s of its own).
    await page.getByText('Invalid Email').waitFor({ state: 'detached', timeout: 1_500 });
    await video(page).waitFor();
    // The player replaced the form the visitor was in, so it takes the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('VIDEO');
    await play(page);
    await waitForTime(page, 1);
    expect(media.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => sessionStorage.getItem('breathwork_user_email'))).toBe(email);
    const lead = await dynamo.send(new GetCommand({ TableName: tableName(), Key: leadKey(email) }));
    expect(lead.Item?.recordingIds).toEqual(new Set([first.id]));
    await expectCleanAtBothWidths(page, () => video(page).waitFor());

    // Later in the same visit, another free recording opens without asking again.
    await page.goto(`${siteUrl}/birth-recordings/${second.id}`);
    await video(page).waitFor();
    expect(await page.getByLabel('Email').count()).toBe(0);
    await play(page);
    await waitForTime(page, 0.5);
    await page.close();
  });

  it('shows a premium recording to a visitor as a gate, with the toast and the way to the package, and loads no video', async () => {
    const premium = await createRecording({ title: `Premium Wave ${ulid().slice(-6)}`, isFree: false });
    const page = await openPage(browser(), desktop);
    const media = mediaRequests(page);
    await page.goto(`${siteUrl}/birth-recordings/${premium.id}`);
    await page.getByText('Access Restricted').waitFor();
    await page.getByText('This recording requires purchase.').waitFor();
    const unlock = page.getByRole('link', { name: 'Unlock All Recordings' });
    expect(await unlock.getAttribute('href')).toBe('/birth-recordings?purchase=true');
    await expectCleanAtBothWidths(page, () => unlock.waitFor());
    await page.waitForLoadState('networkidle');
    expect(await video(page).count()).toBe(0);
    expect(media).toEqual([]);
    await page.close();
  });

  it('resumes a member at the saved position, saves it every 10 seconds while playing, and lists it on My Resources', async () => {
    const owner = await member('listener', { withPackage: true });
    const premium = await createRecording({ title: `Resume Breath ${ulid().slice(-6)}`, isFree: false, durationSeconds: 4 });
    const saved = await placeAt(owner.token, premium.id, 2);
    expect(saved.status).toBe(200);

    const page = await openPage(browser(), desktop);
    await signInAt(page, '/dashboard', owner.email, owner.password);
    await page.clock.install();
    await page.goto(`${siteUrl}/birth-recordings/${premium.id}`);
    await video(page).waitFor();
    await waitForTime(page, 2);
    expect(await currentTime(page)).toBeLessThan(2.5);

    // Ten seconds of playing (the page's clock runs them at once) save the position without a pause.
    await page.evaluate(() => {
      const element = document.querySelector('video')!;
      element.muted = true;
      element.loop = true;
      void element.play();
    });
    await waitForTime(page, 2.5);
    const save = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/progress'));
    await page.clock.runFor(10_000);
    const body = (await save).postDataJSON() as { positionSeconds: number };
    expect(body.positionSeconds).toBeGreaterThan(2);

    // Reloaded while it plays, with no pause and before the next ten seconds: the place is saved as the
    // page goes (by the browser after the page is gone, so it is read from the API).
    const savedAt = async () =>
      (await api<PlaybackProgress>(`/recordings/${premium.id}/progress`, { headers: { authorization: `Bearer ${owner.token}` } }))
        .body.updatedAt;
    await expect.poll(savedAt).not.toBe(saved.body.updatedAt);
    const beforeLeaving = await savedAt();
    await page.reload();
    await expect.poll(savedAt).not.toBe(beforeLeaving);

    // Part way (put there, as the looping video may have been saved in its last second): offered to continue.
    await placeAt(owner.token, premium.id, 2);
    await page.goto(`${siteUrl}/dashboard/resources`);
    const card = page.getByRole('link', { name: new RegExp(premium.title) });
    await page.getByRole('progressbar', { name: `Watched of ${premium.title}` }).waitFor();
    await expect(card.textContent()).resolves.toContain('Continue watching');
    await expectCleanAtBothWidths(page, () => page.getByRole('heading', { name: premium.title }).waitFor());

    // Watched to the end: offered again, from the beginning.
    await placeAt(owner.token, premium.id, 4);
    await page.reload();
    await card.getByText('Watch again').waitFor();
    await card.click();
    await video(page).waitFor();
    await video(page).evaluate((element: HTMLVideoElement) =>
      element.readyState > 0
        ? undefined
        : new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true })),
    );
    expect(await currentTime(page)).toBe(0);
    await page.close();
  });

  it('asks for a fresh address when the one it has is refused, and plays on from the same place', async () => {
    const viewer = await member('renewer');
    const free = await createRecording({ title: `Renewed Breath ${ulid().slice(-6)}`, isFree: true });
    const page = await openPage(browser(), desktop);
    await signInAt(page, '/dashboard', viewer.email, viewer.password);
    const detailRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/recordings/${free.id}`)) detailRequests.push(request.url());
    });
    // S3's answer to an address that has run out, until the page has asked for a fresh one.
    await page.route(
      (url) => url.searchParams.has('X-Amz-Signature'),
      async (route) => {
        if (detailRequests.length < 2) await route.fulfill({ status: 403, body: 'Request has expired' });
        else await route.continue();
      },
    );
    await page.goto(`${siteUrl}/birth-recordings/${free.id}`);
    await video(page).waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, { timeout: 15_000 });
    expect(detailRequests.length).toBe(2);
    await play(page);
    await waitForTime(page, 0.5);
    await page.close();
  });

  it("says 'Recording not found' for an unknown recording", async () => {
    const page = await openPage(browser(), phone);
    await page.goto(`${siteUrl}/birth-recordings/${ulid()}`);
    await page.getByRole('heading', { name: 'Recording not found' }).waitFor();
    await expectCleanAtBothWidths(page);
    await page.close();
  });
});
