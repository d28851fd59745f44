import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { getBooking } from '../../functions/domain/records/bookings';
import { getDiscountCode } from '../../functions/domain/records/discounts';
import { siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';
import { waitForBooking } from '../support/stripe';
import { desktop, newAddress, openPage, phone, useBrowser, signedInAdmin, expectCleanAtBothWidths } from '../support/browser';

const browser = useBrowser();

describe("the admin's discount codes in the browser", () => {
  it('creates a code in the dialog that then takes its amount off a visitor’s paid booking, edits it and deletes it', async () => {
    const { page } = await signedInAdmin(browser(), '/admin/discount-codes');
    await page.getByRole('heading', { name: 'Discount Codes', level: 1 }).waitFor();
    expect(await page.title()).toMatch(/^Discount Codes/);
    await page.getByRole('button', { name: 'Create Discount Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Discount Code' });
    await dialog.waitFor();
    // The defaults of docs/product.md#admin-area: a percentage of 10, active, not one-time.
    expect(await dialog.getByLabel('Percentage off').inputValue()).toBe('10');
    expect(await dialog.getByLabel('Active').isChecked()).toBe(true);
    expect(await dialog.getByLabel('One-time use').isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await dialog.getByText('Code is required').waitFor();
    await expectCleanAtBothWidths(page);

    // Uppercased as typed; a fixed amount in pounds, with an expiry and maximum uses (docs/product.md#discount-codes).
    const name = `calm-${ulid().slice(-6).toLowerCase()}`;
    const code = name.toUpperCase();
    await dialog.getByLabel('Code', { exact: true }).pressSequentially(name);
    expect(await dialog.getByLabel('Code', { exact: true }).inputValue()).toBe(code);
    await dialog.getByLabel('Fixed amount').check();
    await dialog.getByLabel('Amount off').fill('0.50');
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await dialog.getByText('The amount must be at least 1').waitFor();
    await dialog.getByLabel('Amount off').fill('5');
    await dialog.getByLabel('Currency').selectOption('GBP');
    await dialog.getByLabel('Maximum uses').fill('2');
    const inAMonth = new Date(Date.now() + 30 * 86_400_000);
    const day = inAMonth.toISOString().slice(0, 10);
    await dialog.getByLabel('Expiry date').fill(day);
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await page.getByText('Discount code created').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row', { name: new RegExp(`^${code}`) });
    await row.waitFor();
    for (const text of ['£5 off', 'Active', 'Up to 2 uses', '0 of 2']) await row.getByText(text).waitFor();
    expect(await getDiscountCode(code)).toMatchObject({
      discount: { type: 'fixed_amount', amount: { amount: 500, currency: 'GBP' } },
      maxUses: 2,
      expiresAt: expect.stringMatching(/T\d\d:59:59\.999Z$/),
    });
    await expectCleanAtBothWidths(page);

    // The same code again is refused on its field.
    await page.setViewportSize(desktop);
    await page.getByRole('button', { name: 'Create Discount Code' }).click();
    await dialog.getByLabel('Code', { exact: true }).fill(code);
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await dialog.getByText(`The code ${code} already exists.`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A visitor books a £20 session with it and pays £15.
    const session = await createSession({ title: `Coded Breath ${ulid().slice(-6)}`, priceAmount: 2000, priceCurrency: 'GBP' });
    const visitor = await openPage(browser(), phone);
    await visitor.goto(`${siteUrl}/sessions/${session.id}`);
    await visitor.getByRole('button', { name: 'Book Now' }).click();
    await visitor.getByLabel('First name').fill('Ada');
    await visitor.getByLabel('Last name').fill('Lovelace');
    await visitor.getByLabel('Email').fill(newAddress('coded'));
    await visitor.getByLabel('Promo code').fill(name);
    await visitor.getByRole('button', { name: 'Apply' }).click();
    await visitor.getByRole('button', { name: `Remove promo code ${code}`, exact: true }).waitFor();
    expect(await visitor.getByText('(25% off)').locator('..').textContent()).toContain('£15.00');
    await visitor.getByRole('button', { name: 'Continue to payment' }).click();
    await visitor.getByRole('button', { name: /^Pay/ }).click();
    await visitor.waitForURL(/\/booking-confirmation\?bookingId=/);
    await visitor.getByText('Booking confirmed').waitFor({ timeout: 15_000 });
    const bookingId = new URL(visitor.url()).searchParams.get('bookingId')!;
    expect(await waitForBooking(bookingId, (b) => b.status === 'completed')).toMatchObject({
      paymentStatus: 'paid',
      price: { amount: 1500, currency: 'GBP' },
    });
    expect((await getBooking(bookingId))?.discountCode).toBe(code);
    await visitor.close();

    await page.reload();
    await row.getByText('1 of 2').waitFor();

    // Edited: the name stays, the percentage input is kept within 1 to 100.
    await page.getByRole('button', { name: `Edit ${code}` }).click();
    const editing = page.getByRole('dialog', { name: 'Edit Discount Code' });
    expect(await editing.getByLabel('Code', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await editing.getByLabel('Amount off').inputValue()).toBe('5.00');
    await editing.getByLabel('Percentage', { exact: true }).check();
    await editing.getByLabel('Percentage off').fill('150');
    await editing.getByLabel('Percentage off').blur();
    expect(await editing.getByLabel('Percentage off').inputValue()).toBe('100');
    await editing.getByLabel('Percentage off').fill('25');
    await editing.getByLabel('Maximum uses').fill('1');
    await editing.getByRole('button', { name: 'Update Code' }).click();
    await page.getByText('Discount code updated').waitFor();
    // Active, but its one use is taken: it says it has ended, and why.
    for (const text of ['25% off', 'Ended', 'All uses taken', 'Up to 1 use', '1 of 1']) {
      await row.getByText(text, { exact: true }).waitFor();
    }

    await page.getByRole('button', { name: `Edit ${code}` }).click();
    await editing.getByLabel('Active').uncheck();
    await editing.getByRole('button', { name: 'Update Code' }).click();
    await row.getByText('Inactive', { exact: true }).waitFor();

    // Deleted, after asking.
    await page.getByRole('button', { name: `Delete ${code}` }).click();
    const asking = page.getByRole('dialog', { name: 'Delete this discount code?' });
    await asking.waitFor();
    await expectCleanAtBothWidths(page);
    await page.setViewportSize(desktop);
    await asking.getByRole('button', { name: 'Delete code' }).click();
    await page.getByText('Discount code deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await getDiscountCode(code)).toBeUndefined();
    await page.close();
  });
});
