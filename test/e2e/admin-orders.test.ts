import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { BookingReceipt } from '../../functions/schemas/booking';
import { api, siteUrl, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';
import { waitForBooking } from '../support/stripe';
import { desktop, expectCleanPage, newAddress, phone, useBrowser, signedInAdmin } from '../support/browser';

const browser = useBrowser();

describe("the administrator's orders in the browser", () => {
  it('marks an order awaiting payment paid, which confirms it with its e-mail', async () => {
    const session = await createSession({ title: `Paid Circle ${ulid().slice(-6)}`, priceAmount: 1800 });
    const email = newAddress('payer');
    const held = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Pat', lastName: 'Cash', email }),
    });
    expect(held.body.booking.status).toBe('pending');

    const { page, email: admin } = await signedInAdmin(browser(), '/admin/orders');
    const status = page.getByLabel("Payment status of Pat Cash's order");
    await status.waitFor();
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }
    await status.selectOption('paid');
    await page.getByText('Status updated').waitFor();
    expect(await waitForBooking(held.body.booking.id, (b) => b.status === 'completed')).toMatchObject({ paymentStatus: 'paid' });
    expect((await waitForEmails(email, 1)).map((m) => m.subject)).toContain(`Booking confirmed: ${session.title}`);
    await page.goto(`${siteUrl}/admin/orders`);
    expect(await page.getByLabel("Payment status of Pat Cash's order").inputValue()).toBe('paid');

    // Its history names the change and who made it.
    const row = page.getByRole('listitem').filter({ hasText: email });
    await row.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Order history' });
    await history.getByText('Status changed').waitFor();
    expect(await history.textContent()).toContain(`by ${admin}`);
    await expectCleanPage(page);
  });
});
