import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { BookingReceipt } from '../../functions/schemas/booking';
import { api, siteUrl, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';
import { payCheckout, waitForBooking } from '../support/stripe';
import { desktop, expectCleanPage, newAddress, phone, signedInAdmin, useBrowser } from '../support/browser';

const browser = useBrowser();

/** A booking of a new paid session, awaiting payment: its id, the guest's address and the checkout to pay. */
async function heldOrder(title: string, priceAmount: number, firstName: string, lastName: string) {
  const session = await createSession({ title: `${title} ${ulid().slice(-6)}`, priceAmount });
  const email = newAddress(lastName.toLowerCase());
  const held = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName, lastName, email }),
  });
  expect(held.body.booking.status).toBe('pending');
  return { session, email, id: held.body.booking.id, checkoutUrl: held.body.checkoutUrl! };
}

/** The administrator (a new one) on /admin/orders at the desktop's width. */
async function ordersPage() {
  const { page, email: admin } = await signedInAdmin(browser(), '/admin/orders');
  return { page, admin };
}

describe("the administrator's orders in the browser", () => {
  it('marks an order awaiting payment paid, which confirms it with its e-mail', async () => {
    const { session, email, id } = await heldOrder('Paid Circle', 1800, 'Pat', 'Cash');
    const { page, admin } = await ordersPage();
    const status = page.getByLabel("Payment status of Pat Cash's order");
    await status.waitFor();
    // A table on desktop and cards on phones, never both: the order's controls exist once.
    const table = page.getByRole('table', { name: 'Orders, newest first' });
    const cards = page.getByRole('list', { name: 'Orders, newest first' });
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      const [shown, hidden] = viewport === desktop ? [table, cards] : [cards, table];
      await shown
        .getByRole(viewport === desktop ? 'row' : 'listitem')
        .filter({ hasText: email })
        .waitFor();
      expect(await hidden.count()).toBe(0);
      expect(await status.count()).toBe(1);
      await expectCleanPage(page);
    }
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Date',
      'Customer',
      'Item',
      'Amount',
      'Status',
      'Actions',
    ]);
    await status.selectOption('paid');
    await page.getByText('Status updated').waitFor();
    expect(await waitForBooking(id, (b) => b.status === 'completed')).toMatchObject({ paymentStatus: 'paid' });
    expect((await waitForEmails(email, 1)).map((m) => m.subject)).toContain(`Booking confirmed: ${session.title}`);
    await page.goto(`${siteUrl}/admin/orders`);
    const paid = page.getByLabel("Payment status of Pat Cash's order");
    expect(await paid.inputValue()).toBe('paid');

    // A paid order may only be cancelled, and that is asked first: kept, nothing changes.
    expect(await paid.locator('option:not([disabled])').allTextContents()).toEqual(['cancelled']);
    await paid.selectOption('cancelled');
    const asking = page.getByRole('dialog', { name: 'Cancel this order?' });
    await asking.getByText('Pat Cash is taken off').waitFor();
    expect(await asking.textContent()).toContain('£18 goes back to them through Stripe');
    await asking.getByRole('button', { name: 'Keep order' }).click();
    await asking.waitFor({ state: 'hidden' });
    expect(await waitForBooking(id, () => true)).toMatchObject({ status: 'completed', paymentStatus: 'paid' });

    // Its history names the change, the status it set and who made it.
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Order history' });
    await history.getByText('Status changed').waitFor();
    await history.getByText('Set to paid', { exact: true }).waitFor();
    expect(await history.textContent()).toContain(`by ${admin}`);
    await expectCleanPage(page);

    // From the session's page, its own orders only; then all of them again.
    await page.goto(`${siteUrl}/admin/sessions/${session.id}`);
    await page.getByRole('link', { name: 'View Orders' }).click();
    await page.getByText(`The orders of ${session.title}, in the order they were booked.`).waitFor();
    const own = page.getByRole('table', { name: 'Orders of one session, first booked first' }).getByRole('row');
    await own.filter({ hasText: email }).waitFor();
    expect(await own.count()).toBe(2);
    await page.getByRole('link', { name: 'Show all orders' }).click();
    await page.getByRole('table', { name: 'Orders, newest first' }).getByRole('row').filter({ hasText: email }).waitFor();
  });

  it('refunds a paid order after asking, the question staying open while the page changes layout', async () => {
    const { email, id, checkoutUrl } = await heldOrder('Refund Circle', 1500, 'Rhea', 'Refund');
    await payCheckout(checkoutUrl);
    await waitForBooking(id, (b) => b.status === 'completed');
    const { page } = await ordersPage();
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Refund' }).click();
    const asking = page.getByRole('dialog', { name: 'Refund this order?' });
    await asking.getByText('£15 goes back to Rhea Refund through Stripe').waitFor();
    await page.setViewportSize(phone);
    await page.getByRole('listitem').filter({ hasText: email }).waitFor();
    expect(await asking.isVisible()).toBe(true);
    await expectCleanPage(page);
    await asking.getByRole('button', { name: 'Refund in full' }).click();
    await page.getByText('Refund started').waitFor();
    await asking.waitFor({ state: 'hidden' });
    expect(await waitForBooking(id, (b) => b.paymentStatus === 'refunded')).toMatchObject({
      status: 'cancelled',
    });
    await page.reload();
    expect(await page.getByLabel("Payment status of Rhea Refund's order").inputValue()).toBe('refunded');
  });
});
