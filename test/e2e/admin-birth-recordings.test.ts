import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { siteUrl } from '../support/stack';
import { createRecording } from '../support/recordings';
import { desktop, expectCleanPage, phone, signedInAdmin, useBrowser } from '../support/browser';

const browser = useBrowser();

describe("the administrator's birth recordings", () => {
  it('sets the package price, which the library offers at once, and lists the recordings in their order', async () => {
    const recording = await createRecording({ title: `Listed Breath ${ulid()}`, isFree: true, orderIndex: 0 });
    const { page } = await signedInAdmin(browser(), '/admin/birth-recordings', phone);
    await page.getByRole('heading', { name: 'Birth Recordings', level: 1 }).waitFor();
    await page.getByText(recording.title).waitFor();
    const price = page.getByLabel('Price', { exact: true });
    await expect.poll(() => price.inputValue()).toBe('60.00');

    await price.fill('0');
    await page.getByRole('button', { name: 'Save price' }).click();
    await page.getByText('Invalid price: Please enter a valid price.').waitFor();
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }

    await price.fill('48.50');
    await page.getByLabel('Base currency').selectOption('GBP');
    await page.getByRole('button', { name: 'Save price' }).click();
    await page.getByText('Price updated').waitFor();
    await page.goto(`${siteUrl}/birth-recordings`);
    await page.getByRole('region', { name: 'Unlock the complete birth-breathwork library' }).getByText('£48.50').waitFor();

    // Back to the spec's price, which the other tests' purchases expect.
    await page.goto(`${siteUrl}/admin/birth-recordings`);
    await expect.poll(() => page.getByLabel('Price', { exact: true }).inputValue()).toBe('48.50');
    await page.getByLabel('Price', { exact: true }).fill('60');
    await page.getByLabel('Base currency').selectOption('EUR');
    await page.getByRole('button', { name: 'Save price' }).click();
    await page.getByText('Price updated').waitFor();
    await page.close();
  });
});
