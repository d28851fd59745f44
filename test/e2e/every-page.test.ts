import { describe, it } from 'vitest';
import { siteUrl } from '../support/stack';
import { expectCleanAtBothWidths, phone, signedInAdmin, useBrowser } from '../support/browser';

const browser = useBrowser();

/**
 * The pages no journey reaches: what the site says at an address that is no page or no session,
 * in the public frame, the dashboard's and the admin area's. Every other page is checked where a
 * journey of its own reaches it. One signed-in administrator sees them all.
 */
describe('the pages that say something is not there', () => {
  it('have no accessibility or CSP violation at either width', async () => {
    const { page } = await signedInAdmin(browser(), '/admin/no-such-page', phone);
    const notFound = () => page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
    await expectCleanAtBothWidths(page, notFound);

    await page.goto(`${siteUrl}/dashboard/no-such-page`);
    await expectCleanAtBothWidths(page, notFound);

    await page.goto(`${siteUrl}/no-such-page`);
    await expectCleanAtBothWidths(page, notFound);

    await page.goto(`${siteUrl}/sessions/01UNKNOWN`);
    await expectCleanAtBothWidths(page, () => page.getByRole('heading', { level: 1, name: 'Session not found' }).waitFor());
    await page.close();
  });
});
