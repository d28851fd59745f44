import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { BookingReceipt } from '../../functions/schemas/booking';
import { api, siteUrl, waitForEmails } from '../support/stack';
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
    // Headless Chromium has no share sheet, so the dialog offers none.
    expect(await dialog.getByRole('button', { name: 'Share…' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Please enter an email address').waitFor();
    const field = dialog.getByLabel('Send it to an e-mail address');
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe(await field.getAttribute('id'));
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }

    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByText('Link copied!').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(`${siteUrl}/sessions/${session.id}`);

    const friend = newAddress('friend');
    await field.fill(friend);
    expect(await dialog.getByText('Please enter an email address').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Raised as the dialog closed, it goes on showing on the page.
    await page.getByText('Session shared successfully!').waitFor();
    const [mail] = await waitForEmails(friend, 1);
    expect(mail.subject).toBe(`A breathwork session for you: ${session.title}`);
    expect(mail.body.text).toContain(`${siteUrl}/sessions/${session.id}`);
  });

  it("shares a booking from its confirmation page through the device's share sheet or by e-mail, never naming the attendee", async () => {
    const session = await createSession({ title: `Share Booking Circle ${ulid().slice(-6)}` });
    const { body } = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Imogen', lastName: 'Quiet', email: newAddress('attendee') }),
    });
    const page = await openPage(browser(), phone);
    // A phone's share sheet, recording what it is handed: the first time a person picks an app,
    // the second they close the sheet, which docs/product.md#schedule keeps silent.
    await page.addInitScript(`
      window.handedToShareSheet = [];
      navigator.share = (data) => {
        window.handedToShareSheet.push(data);
        return window.handedToShareSheet.length === 1
          ? Promise.resolve()
          : Promise.reject(new DOMException('Share canceled', 'AbortError'));
      };
    `);
    await page.goto(`${siteUrl}/booking-confirmation?bookingId=${body.booking.id}`);
    await page.getByText('Booking confirmed').waitFor();

    const open = page.getByRole('button', { name: 'Share Booking' });
    const dialog = page.getByRole('dialog', { name: 'Share this session' });
    await open.click();
    await dialog.getByRole('button', { name: 'Share…' }).click();
    await page.getByText('Shared successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await open.click();
    await dialog.getByRole('button', { name: 'Share…' }).click();
    const handed = () => page.evaluate<{ title: string; url: string }[]>('window.handedToShareSheet');
    await expect.poll(async () => (await handed()).length).toBe(2);
    expect((await handed())[0]).toEqual({ title: session.title, url: `${siteUrl}/sessions/${session.id}` });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Please enter an email address').waitFor();
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }

    const friend = newAddress('friend');
    await dialog.getByLabel('Send it to an e-mail address').fill(friend);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Session shared successfully!').waitFor();
    // Closing the share sheet said nothing.
    expect(await page.getByText('Failed to share').count()).toBe(0);
    const [mail] = await waitForEmails(friend, 1);
    expect(mail.subject).toBe(`A breathwork session for you: ${session.title}`);
    expect(mail.body.text).toContain(`${siteUrl}/sessions/${session.id}`);
    for (const part of [mail.body.text, mail.body.html]) expect(part).not.toMatch(/Imogen|Quiet|attendee-/);
  });
});
