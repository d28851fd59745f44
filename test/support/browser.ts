import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ulid } from 'ulid';
import { accessibilityViolations } from './axe';
import { siteUrl } from './stack';
import { signedInUser } from './users';

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

/** No WCAG A/AA violation, and nothing the page's Content-Security-Policy refused. */
export async function expectCleanPage(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
  expect(await page.evaluate('window.cspViolations')).toEqual([]);
}

/** Signs in on /sign-in, reached from `path` (a dashboard page sends a signed-out visitor there and back). */
export async function signInAt(page: Page, path: string, email: string, password: string) {
  await page.goto(`${siteUrl}${path}`);
  await page.getByRole('tab', { name: 'Sign In' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${siteUrl}${path}`);
}

/** A new administrator, signed in on /sign-in reached from `path`, in a fresh page. */
export async function signedInAdmin(browser: Browser, path: string, viewport = desktop): Promise<{ page: Page; email: string }> {
  const email = newAddress('teacher');
  const password = `pw-${ulid()}`;
  await signedInUser(email, { password, admin: true });
  const page = await openPage(browser, viewport);
  await signInAt(page, path, email, password);
  return { page, email };
}
