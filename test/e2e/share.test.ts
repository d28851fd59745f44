import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { siteUrl, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';
import { desktop, expectCleanPage, newAddress, openPage, phone, useBrowser } from '../support/browser';

const browser = useBrowser();

describe('sharing in the browser', () => {
  it('sends a session by e-mail from its page, and copies its link', async () => {
    const session = await createSession({ title: `Share Circle ${ulid().slice(-6)}` });
    const page = await openPage(browser(), phone);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl });
    await page.goto(`${siteUrl}/sessions/${session.id}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this session' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Please enter an email address').waitFor();
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }

    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied!').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${siteUrl}/sessions/${session.id}`);

    const friend = newAddress('friend');
    await dialog.getByLabel('Send it to an e-mail address').fill(friend);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Session shared successfully!').waitFor();
    const [mail] = await waitForEmails(friend, 1);
    expect(mail.subject).toBe(`A breathwork session for you: ${session.title}`);
  });
});
