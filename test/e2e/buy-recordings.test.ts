import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { PackageOffer } from '../../functions/schemas/purchase';
import { getPurchase } from '../../functions/domain/records/purchases';
import { api, siteUrl, waitForEmails } from '../support/stack';
import { createCode } from '../support/discounts';
import { createRecording } from '../support/recordings';
import { idTokenOf, signedInUser, sitePool } from '../support/users';
import {
  desktop,
  expectCleanPage,
  newAddress,
  openPage,
  phone,
  signInAt,
  submitSetupAccount,
  useBrowser,
} from '../support/browser';

const browser = useBrowser();

describe('the recordings package in the browser', () => {
  it('a guest buys it with a code through the checkout page, sets up the account from the dialog, owns it and plays a premium recording', async () => {
    const premium = await createRecording({ title: `Bought Breath ${ulid()}`, isFree: false });
    // A code for one purchase only: the checkout left unpaid gives it back at once.
    const code = await createCode({ type: 'percentage', percentage: 10 }, { code: `PKG${ulid().slice(-8)}`, oneTime: true });
    const email = newAddress('package');
    const page = await openPage(browser(), phone);
    // The premium gate's link opens the dialog at once.
    await page.goto(`${siteUrl}/birth-recordings?purchase=true`);
    const dialog = page.getByRole('dialog', { name: 'Unlock All Recordings' });
    await dialog.waitFor();
    await dialog.getByText('£51', { exact: true }).waitFor();
    await expectCleanPage(page);

    // No address: the words of docs/product.md#recordings-package, and nothing is bought.
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Please provide your email address.').first().waitFor();
    // A second refusal takes the first one's place rather than stacking under it.
    await dialog.getByLabel('Email').fill('x@y');
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    const toasts = dialog.getByRole('listitem');
    await toasts.filter({ hasText: 'Please enter a valid email address' }).waitFor();
    // Gone at once, not after a toast's 4 seconds.
    await toasts.filter({ hasText: 'Please provide your email address.' }).waitFor({ state: 'detached', timeout: 2_000 });
    // Changing the address takes its error and its refusal away; it is checked again when the form is sent.
    await dialog.getByLabel('Email').fill('');
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBeNull();
    await toasts.filter({ hasText: 'Please enter a valid email address' }).waitFor({ state: 'detached' });
    await dialog.getByLabel('Promo code').fill('NOSUCHCODE');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    // Shown above the dialog's backdrop, not under it with the rest of the page, and closed from there.
    const refused = dialog.getByRole('listitem').filter({ hasText: 'Invalid discount code' });
    await refused.getByRole('button', { name: 'Close toast' }).click();
    await refused.waitFor({ state: 'detached' });

    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Name (optional)').fill('Mira Stone');
    await dialog.getByLabel('Promo code').fill('NOSUCHCODE');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await refused.waitFor();
    await dialog.getByLabel('Promo code').fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByRole('button', { name: `Remove promo code ${code}` }).waitFor();
    // An accepted code takes away the refusal still on screen.
    await refused.waitFor({ state: 'detached' });
    // The way to remove it takes the focus from the Apply button it replaced.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Remove promo code ${code}`);
    // The discounted price as docs/product.md#discount-codes shows it: with two decimals, the price before it too.
    expect(await dialog.getByText('(10% off)').locator('..').textContent()).toMatch(/^was £\d+\.\d\d£45\.90\(10% off\)$/);
    await expectCleanPage(page);
    // The offer is not asked for again on the way to the checkout: its code is this purchase's now.
    const offersAsked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/package') offersAsked.push(request.url());
    });
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    expect(offersAsked).toEqual([]);

    // Cancelled on Stripe's page (the offline stand-in): back at the library, told so, the form as it was sent.
    await page.getByRole('button', { name: 'Cancel' }).click();
    // The purchase left unpaid ends, and its name leaves the address.
    await page.waitForURL(`${siteUrl}/birth-recordings?checkout=cancelled`);
    await page.getByText('Payment cancelled: you have not been charged.').waitFor();
    await page.getByRole('button', { name: 'Unlock All Recordings' }).click();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(email);
    expect(await dialog.getByLabel('Name (optional)').inputValue()).toBe('Mira Stone');
    expect(await dialog.getByLabel('Promo code').inputValue()).toBe(code);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByRole('button', { name: `Remove promo code ${code}` }).waitFor();
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();

    // Paid this time, and back at the library.
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(/\/birth-recordings\?success=true&purchaseId=/);
    const purchaseId = new URL(page.url()).searchParams.get('purchaseId')!;
    const setup = page.getByRole('dialog', { name: 'Continue to Account Setup' });
    await setup.waitFor({ timeout: 15_000 });
    await setup.getByText(email).waitFor();
    // The recordings are not this tab's yet: no toast says they are.
    expect(await page.getByText('Every recording is now yours', { exact: false }).count()).toBe(0);
    await expectCleanPage(page);
    expect(await getPurchase(purchaseId)).toMatchObject({ state: 'paid', discountCode: code, price: { amount: 4590 } });
    expect(await page.evaluate(() => localStorage.getItem('pendingPurchaseEmail'))).toBe(email);
    // The same return in another browser, which never gave the address: told to sign in, with the way there.
    const elsewhere = await openPage(browser(), phone);
    await elsewhere.goto(page.url());
    await elsewhere.getByText('Sign in to watch', { exact: true }).waitFor({ timeout: 15_000 });
    // Signed in, to the dashboard and its resources, not to the purchase dialog again.
    expect(await elsewhere.getByRole('status').getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    await elsewhere.close();

    await setup.getByRole('link', { name: 'Continue to Account Setup' }).click();
    await page.waitForURL(`${siteUrl}/setup-account?email=${encodeURIComponent(email)}`);
    await submitSetupAccount(page, {
      firstName: 'Mira',
      lastName: 'Stone',
      password: 'breathe-in',
      confirmPassword: 'breathe-in',
    });
    await page.getByLabel('Verification code').waitFor();
    const verification = (await waitForEmails(email, 2)).find((mail) => mail.subject === 'Your verification code')!;
    await page.getByLabel('Verification code').fill(/>(\d{6})</.exec(verification.body.html)![1]);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByLabel('Password', { exact: true }).fill('breathe-in');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${siteUrl}/dashboard`);

    // The verified account owns the package: the API says so, the banner is gone, the receipt is there.
    const { clientId } = await sitePool();
    const token = await idTokenOf(clientId, email, 'breathe-in');
    const offer = await api<PackageOffer>('/package?currency=GBP', { headers: { authorization: `Bearer ${token}` } });
    expect(offer.body.owned).toBe(true);
    await page.goto(`${siteUrl}/dashboard/resources`);
    const receipt = page.getByRole('region', { name: 'Your purchase' });
    await receipt.getByText('£45.90').waitFor();
    await receipt.getByText(code).waitFor();
    await expectCleanPage(page);
    await page.goto(`${siteUrl}/birth-recordings`);
    await page.getByRole('heading', { level: 1, name: 'Breathe your baby into the world.' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Unlock All Recordings' }).count()).toBe(0);

    // And the premium recording plays for the new owner.
    await page.goto(`${siteUrl}/birth-recordings/${premium.id}`);
    await page.getByRole('heading', { level: 1, name: premium.title }).waitFor();
    await page.locator('video').evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 1, undefined, { timeout: 15_000 });
    await page.close();
  });

  it('a guest takes it free with a 100% code, and the pages stay accessible on a wide screen', async () => {
    const code = await createCode({ type: 'percentage', percentage: 100 }, { code: `FREE${ulid().slice(-8)}` });
    const page = await openPage(browser(), desktop);
    await page.goto(`${siteUrl}/birth-recordings`);
    await page.getByRole('button', { name: 'Unlock All Recordings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock All Recordings' });
    await expectCleanPage(page);
    await dialog.getByLabel('Email').fill(newAddress('free'));
    await dialog.getByLabel('Promo code').fill(code);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByRole('button', { name: 'Get Free Access' }).click();
    await page.waitForURL(/\/birth-recordings\?success=true&purchaseId=/);
    const setup = page.getByRole('dialog', { name: 'Continue to Account Setup' });
    await setup.waitFor();
    await expectCleanPage(page);
    // Closed, the dialog's way on stays on the page: the recordings unlock in that account, not in this tab.
    await page.keyboard.press('Escape');
    await setup.waitFor({ state: 'hidden' });
    await page.getByRole('status').getByRole('link', { name: 'Continue to Account Setup' }).click();
    await page.waitForURL(/\/setup-account\?email=/);
    await page.close();
  });

  it('a member buys it with their own address, is told the payment succeeded and taken to their resources with the receipt', async () => {
    const email = newAddress('member-buyer');
    const password = 'breathe-in-deeply';
    await signedInUser(email, { name: 'Nell Rowe', password });
    const page = await openPage(browser(), desktop);
    await signInAt(page, '/dashboard', email, password);
    await page.goto(`${siteUrl}/birth-recordings`);
    await page.getByRole('button', { name: 'Unlock All Recordings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock All Recordings' });
    // A member buys as themselves: no address or name to give.
    await dialog.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    expect(await dialog.getByLabel('Email').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();

    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(/\/birth-recordings\?success=true&purchaseId=/);
    await page.getByText('Payment Successful', { exact: true }).waitFor({ timeout: 15_000 });
    await page.waitForURL(`${siteUrl}/dashboard/resources?source=purchase`);
    await page
      .getByRole('region', { name: 'Your purchase' })
      .getByText(/^£51(\.00)?$/)
      .waitFor();
    await expectCleanPage(page);
    await page.goto(`${siteUrl}/birth-recordings`);
    await page.getByRole('heading', { level: 1, name: 'Breathe your baby into the world.' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Unlock All Recordings' }).count()).toBe(0);
    await page.close();
  });
});
