import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ulid } from 'ulid';
import type { BookingReceipt } from '../../functions/schemas/booking';
import { api, siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';
import { signedInUser } from '../support/users';
import { desktop, newAddress, openPage, phone, signedInAdmin, useBrowser } from '../support/browser';

const browser = useBrowser();

/**
 * Moves focus with the Tab key alone until `target` has it, as someone without a mouse does;
 * fails if it is not reached within `presses`, so an element the keyboard cannot reach fails.
 */
async function tabTo(page: Page, target: Locator, presses = 80) {
  await target.waitFor();
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return;
  }
  throw new Error(`${target.toString()} was not reached with ${presses} presses of Tab`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Tabs to a button or link and presses Enter on it. */
async function activate(page: Page, control: Locator) {
  await tabTo(page, control);
  await page.keyboard.press('Enter');
}

/** The booking form of a session page, filled in and sent with the keyboard alone. */
async function bookWithKeyboard(page: Page, sessionId: string, email: string, send: string) {
  await page.goto(`${siteUrl}/sessions/${sessionId}`);
  await activate(page, page.getByRole('button', { name: 'Book Now' }));
  await typeInto(page, page.getByLabel('First name'), 'Kay');
  await typeInto(page, page.getByLabel('Last name'), 'Board');
  await typeInto(page, page.getByLabel('Email'), email);
  await activate(page, page.getByRole('button', { name: send }));
}

describe('the site with the keyboard alone', () => {
  it('a visitor books a free session', async () => {
    const session = await createSession({ title: `Keyed Free ${ulid().slice(-6)}` });
    const page = await openPage(browser(), desktop);
    await bookWithKeyboard(page, session.id, newAddress('keyed'), 'Confirm Booking');
    await page.waitForURL(/\/booking-confirmation\?bookingId=/);
    await page.getByRole('heading', { level: 1, name: session.title }).waitFor();
    await page.close();
  });

  it('a visitor books a paid session and pays on the checkout page', async () => {
    const session = await createSession({ title: `Keyed Paid ${ulid().slice(-6)}`, priceAmount: 1500, priceCurrency: 'GBP' });
    const page = await openPage(browser(), phone);
    await bookWithKeyboard(page, session.id, newAddress('keyed-payer'), 'Continue to payment');
    await activate(page, page.getByRole('button', { name: /^Pay/ }));
    await page.waitForURL(/\/booking-confirmation\?bookingId=/);
    await page.getByText('Booking confirmed').waitFor({ timeout: 15_000 });
    await page.close();
  });

  it('a visitor joins the waitlist of a sold-out session', async () => {
    const session = await createSession({ title: `Keyed Full ${ulid().slice(-6)}`, maxAttendees: 1 });
    const holder = newAddress('holder');
    const booked = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signedInUser(holder)}` },
      body: JSON.stringify({ firstName: 'Hal', lastName: 'Holder', email: holder }),
    });
    expect(booked.status).toBe(201);

    const page = await openPage(browser(), phone);
    await page.goto(`${siteUrl}/sessions/${session.id}`);
    await activate(page, page.getByRole('button', { name: 'Join Waitlist' }));
    const form = page.getByRole('form', { name: 'Join the waitlist' });
    await typeInto(page, form.getByLabel('Name'), 'Wren Waiting');
    await typeInto(page, form.getByLabel('Email'), newAddress('keyed-waiter'));
    await typeInto(page, form.getByLabel('Phone'), '+44 7700 900123');
    await activate(page, form.getByRole('button', { name: 'Join Waitlist' }));
    await page.getByText("You've been added to the waitlist").waitFor();
    await page.close();
  });

  it('the administrator creates a session', async () => {
    const title = `Keyed Circle ${ulid().slice(-6)}`;
    const { page } = await signedInAdmin(browser(), '/admin/sessions');
    await activate(page, page.getByRole('link', { name: 'Create New Session' }));
    const form = page.getByRole('form', { name: 'Create session' });
    await typeInto(page, form.getByLabel('Title'), title);
    // A select takes the first option whose name starts with the keys typed.
    await typeInto(page, form.getByLabel('Category'), 'Breathwork');
    expect(await form.getByLabel('Category').inputValue()).toBe('Breathwork');
    await typeInto(page, form.getByLabel('Description'), 'An hour of slow breathing.');
    // A date and time field is typed in its parts: month, day and year, then (Tab) hours, minutes, AM or PM.
    await typeInto(page, form.getByLabel(/^Start time/), '03042030');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0730P');
    expect(await form.getByLabel(/^Start time/).inputValue()).toBe('2030-03-04T19:30');
    await activate(page, form.getByRole('button', { name: 'Create Session' }));
    await page.getByRole('heading', { name: title }).waitFor();
    await page.close();
  });
});
