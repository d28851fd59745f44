import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { siteUrl } from '../support/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
afterAll(() => browser?.close());

describe('the site under its security headers', () => {
  it('renders the home page with no script, style or connection blocked by its CSP', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    // The browser's own report of each violation, recorded from before the page's first script.
    await page.addInitScript(
      "window.cspViolations = []; document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));",
    );
    const response = await page.goto(siteUrl);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'UPCOMING SESSIONS' }).waitFor();
    await page.getByRole('region', { name: 'UPCOMING SESSIONS' }).getByRole('link').first().waitFor();
    if (process.env.SCREENSHOT) await page.screenshot({ path: process.env.SCREENSHOT, fullPage: true });
    // The stylesheet came from the site and applies.
    expect(await page.evaluate('document.styleSheets.length')).toBeGreaterThan(0);
    expect(await page.evaluate('window.cspViolations')).toEqual([]);
    expect(blocked).toEqual([]);
    await page.close();
  });
});
