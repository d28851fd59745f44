import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ulid } from 'ulid';
import { accessibilityViolations } from './axe';
import { siteUrl } from './stack';
import { authenticatorCode } from './authenticator';
import { administratorWithAuthenticator } from './users';

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 900 };
export const newAddress = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;

/** Debian's Chromium for the file's tests, started once before them and closed after. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  afterAll(() => browser?.close());
  return () => browser!;
}

/** A page (in a browser profile of its own) that records every CSP violation, from before its first script. */
export async function openPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.addInitScript(
    "window.cspViolations = []; document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));",
  );
  return page;
}

/**
 * No WCAG A/AA violation, nothing wider than the screen, and nothing the page's Content-Security-Policy refused. With
 * SCREENSHOT_DIR set, a full-page picture of what was checked is written there too, named after
 * the test, the page and the width, so every checked page can be looked at after a run.
 */
export async function expectCleanPage(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
  expect(await page.evaluate('window.cspViolations')).toEqual([]);
  // A long address or title that pushes the page sideways looks broken on a phone.
  expect(await page.evaluate('document.documentElement.scrollWidth'), 'page width').toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  const folder = process.env.SCREENSHOT_DIR;
  if (folder) await page.screenshot({ path: join(folder, screenshotName(page)), fullPage: true });
}

/** No violation at a phone's width, then at a desktop's (where it leaves the page), once `ready` has what the check needs on screen. */
export async function expectCleanAtBothWidths(page: Page, ready?: () => Promise<unknown>) {
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await ready?.();
    await expectCleanPage(page);
  }
}

let screenshots = 0;
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** 'the-admin-area-…-03-admin-users-id-390.png': the test, the order taken, the path (ids left out) and the width. */
function screenshotName(page: Page): string {
  const path = new URL(page.url()).pathname.replace(/[0-9A-HJKMNP-TV-Z]{26}|[0-9a-f]{8}-[0-9a-f-]{27}/gi, 'id');
  const test = slug(expect.getState().currentTestName ?? 'page').slice(0, 80);
  return `${test}-${String(++screenshots).padStart(2, '0')}-${slug(path) || 'home'}-${page.viewportSize()?.width ?? 0}.png`;
}

/**
 * Signs in on /sign-in, reached from `path` (a dashboard page sends a signed-out visitor there and
 * back); with an authenticator app's code when the account signs in in two steps.
 */
export async function signInAt(page: Page, path: string, email: string, password: string, code?: () => string) {
  await page.goto(`${siteUrl}${path}`);
  await page.getByRole('tab', { name: 'Sign In' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  if (code) {
    // Read from the app as the step asks for it: a code holds for its window and one either side.
    await page.getByLabel('Code', { exact: true }).fill(code());
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  }
  await page.waitForURL(`${siteUrl}${path}`);
}

/** Fills /setup-account's new-account form (the address is the page's own) and submits it. */
export async function submitSetupAccount(
  page: Page,
  form: { firstName: string; lastName: string; password: string; confirmPassword: string },
) {
  await page.getByLabel('First name').fill(form.firstName);
  await page.getByLabel('Last name').fill(form.lastName);
  await page.getByLabel('Password', { exact: true }).fill(form.password);
  await page.getByLabel('Confirm password').fill(form.confirmPassword);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
}

/**
 * A new administrator with their authenticator app on, signed in on /sign-in reached from `path`
 * with its code, in a fresh page.
 */
export async function signedInAdmin(browser: Browser, path: string, viewport = desktop): Promise<{ page: Page; email: string }> {
  const email = newAddress('teacher');
  const password = `pw-${ulid()}`;
  const key = await administratorWithAuthenticator(email, { password });
  const page = await openPage(browser, viewport);
  await signInAt(page, path, email, password, () => authenticatorCode(key));
  return { page, email };
}
