import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { api, siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';
import { desktop, expectCleanPage, openPage, phone, useBrowser } from '../support/browser';

const browser = useBrowser();

describe('the site under its security headers', () => {
  it('renders the home page with no script, style or connection blocked by its CSP', async () => {
    const page = await openPage(browser(), desktop);
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    const response = await page.goto(siteUrl);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'UPCOMING SESSIONS' }).waitFor();
    await page.getByRole('region', { name: 'UPCOMING SESSIONS' }).locator('a[href^="/sessions/"]').first().waitFor();
    // The stylesheet came from the site and applies.
    expect(await page.evaluate('document.styleSheets.length')).toBeGreaterThan(0);
    expect(await page.evaluate('window.cspViolations')).toEqual([]);
    expect(blocked).toEqual([]);
    await page.close();
  });

  it('shows a styled toast under the same policy: a second booking with the same address is refused', async () => {
    const session = await createSession({ title: 'Twice Booked Breath' });
    const email = `again-${ulid().toLowerCase()}@example.com`;
    const guest = { firstName: 'Ada', lastName: 'Again', email };
    expect((await api(`/sessions/${session.id}/bookings`, { method: 'POST', body: JSON.stringify(guest) })).status).toBe(201);

    const page = await openPage(browser(), phone);
    await page.goto(`${siteUrl}/sessions/${session.id}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    await page.getByLabel('First name').fill(guest.firstName);
    await page.getByLabel('Last name').fill(guest.lastName);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    const toast = page.getByText('This email address has already booked this session.');
    await toast.waitFor();
    // Nothing refused by the policy, as for every page checked.
    await expectCleanPage(page);
    // Styled by the toasts' stylesheet, which came from the site.
    expect(await page.evaluate("getComputedStyle(document.querySelector('[data-sonner-toaster]')).position")).toBe('fixed');
    await page.close();
  });
});
