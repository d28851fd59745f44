import { describe, expect, it } from 'vitest';
import { getPurchase } from '../../functions/domain/records/purchases';
import { siteUrl } from '../support/stack';
import { buy, waitForPurchase } from '../support/purchases';
import { payCheckout } from '../support/stripe';
import { createCode } from '../support/discounts';
import { desktop, expectCleanPage, newAddress, phone, signedInAdmin, useBrowser } from '../support/browser';

const browser = useBrowser();

describe("the administrator's recordings purchases in the browser", () => {
  it('withdraws a package given free by a code, saying nothing was paid, as free and then withdrawn', async () => {
    const code = await createCode({ type: 'percentage', percentage: 100 });
    const email = newAddress('gifted');
    const given = await buy({ email, name: 'Gita Given', currency: 'GBP', discountCode: code });
    await waitForPurchase(given.body.purchaseId, 'paid');

    const { page } = await signedInAdmin(browser(), '/admin/birth-purchases', desktop);
    const row = page
      .getByRole('table', { name: 'Birth recording purchases, newest first' })
      .getByRole('row')
      .filter({ hasText: email });
    await row.getByText('free', { exact: true }).waitFor();
    await row.getByRole('button', { name: "Withdraw Gita Given's purchase" }).click();
    const withdrawing = page.getByRole('dialog', { name: 'Withdraw this free access?' });
    await withdrawing.getByText('nothing was paid, so nothing goes back and no e-mail is sent').waitFor();
    await expectCleanPage(page);
    await withdrawing.getByRole('button', { name: 'Withdraw access' }).click();
    await page.getByText('Access withdrawn').waitFor();
    await row.getByText('withdrawn', { exact: true }).waitFor();
    expect(await getPurchase(given.body.purchaseId)).toMatchObject({ state: 'refunded' });
  });

  it("lists them in the product's columns, deletes one after asking, and refunds a paid one before it may be deleted", async () => {
    const paidEmail = newAddress('paid');
    const paid = await buy({ email: paidEmail, name: 'Pia Paid', currency: 'GBP' });
    await payCheckout((paid.body as { url: string }).url);
    await waitForPurchase(paid.body.purchaseId, 'paid');
    const unnamedEmail = newAddress('unnamed');
    const unnamed = await buy({ email: unnamedEmail });

    const { page } = await signedInAdmin(browser(), '/admin/birth-purchases', phone);
    await page.getByRole('heading', { name: 'Birth Recording Purchases', level: 1 }).waitFor();
    // Cards on a phone: the buyer without a name, pending (yellow), in the package's EUR.
    const card = page.getByRole('listitem').filter({ hasText: unnamedEmail });
    await card.getByText('No name provided').waitFor();
    expect(await card.textContent()).toContain('EUR');
    expect(await card.getByText('pending', { exact: true }).getAttribute('class')).toContain('bg-[#f7e9b8]');
    await expectCleanPage(page);

    await page.setViewportSize(desktop);
    const table = page.getByRole('table', { name: 'Birth recording purchases, newest first' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Name',
      'Email',
      'Purchase Date',
      'Currency',
      'Discount',
      'Status',
      'Payment ID',
      'Actions',
    ]);
    const paidRow = table.getByRole('row').filter({ hasText: paidEmail });
    expect(await paidRow.getByText('paid', { exact: true }).getAttribute('class')).toContain('bg-[#dcebdc]');
    await expectCleanPage(page);

    // A paid purchase is not deleted: the dialog says to refund it first.
    await page.getByRole('button', { name: "Delete Pia Paid's purchase" }).click();
    const asking = page.getByRole('dialog', { name: 'Delete Purchase' });
    await asking.getByText('refund it first').waitFor();
    expect(await asking.getByRole('button', { name: 'Delete purchase' }).isDisabled()).toBe(true);
    await asking.getByRole('button', { name: 'Keep purchase' }).click();
    await asking.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: "Refund Pia Paid's purchase" }).click();
    const refunding = page.getByRole('dialog', { name: 'Refund this purchase?' });
    await refunding.getByText('£51 goes back to Pia Paid through Stripe').waitFor();
    await refunding.getByRole('button', { name: 'Refund in full' }).click();
    await page.getByText('Refund started').waitFor();
    await paidRow.getByText('refunded', { exact: true }).waitFor();
    expect(await paidRow.getByText('refunded', { exact: true }).getAttribute('class')).toContain('bg-sand');

    // The unpaid one is deleted after asking, and is gone.
    await page.getByRole('button', { name: `Delete ${unnamedEmail}'s purchase` }).click();
    await asking.getByText('This action cannot be undone.').waitFor();
    await expectCleanPage(page);
    await asking.getByRole('button', { name: 'Delete purchase' }).click();
    await page.getByText('Purchase deleted successfully').waitFor();
    await table.getByRole('row').filter({ hasText: unnamedEmail }).waitFor({ state: 'detached' });
    expect(await getPurchase(unnamed.body.purchaseId, { consistent: true })).toBeUndefined();

    // The same list is the Purchases tab of the recordings page, and the admin's tabs lead to it.
    await page.goto(`${siteUrl}/admin/birth-recordings`);
    await page.getByRole('button', { name: 'Purchases' }).click();
    await page.getByRole('table', { name: 'Birth recording purchases, newest first' }).getByText(paidEmail).waitFor();
    await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: 'Birth Purchases' }).click();
    await page.waitForURL(`${siteUrl}/admin/birth-purchases`);
    await page.close();
  });
});
