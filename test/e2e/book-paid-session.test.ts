import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import type { BookingReceipt } from '../../functions/schemas/booking';
import { api, siteUrl, waitForEmails } from '../support/stack';
import { bookingsOf, createSession } from '../support/sessions';
import { createCode } from '../support/discounts';
import { signedInUser } from '../support/users';
import { payCheckout, runOutHold, stripe, waitForBooking } from '../support/stripe';
import { getBooking } from '../../functions/domain/records/bookings';
import { desktop, expectCleanPage, newAddress, openPage, phone, signInAt, useBrowser } from '../support/browser';

const browser = useBrowser();

/** A £20 session of the test's own, so no test depends on the demo data. */
const paidSession = (name: string, fields: Parameters<typeof createSession>[0] = {}) =>
  createSession({ title: `${name} ${ulid().slice(-6)}`, priceAmount: 2000, priceCurrency: 'GBP', ...fields });

/** Opens the session's booking form and fills in the attendee (a member's e-mail is already there). */
async function openBookingForm(page: Page, sessionId: string, attendee: { email?: string } = {}) {
  await page.goto(`${siteUrl}/sessions/${sessionId}`);
  await page.getByRole('button', { name: 'Book Now' }).click();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  if (attendee.email) await page.getByLabel('Email').fill(attendee.email);
}

/** Types a code (the field uppercases it) and waits for it to be applied in the field's place. */
async function applyCode(page: Page, code: string) {
  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: `Remove promo code ${code.toUpperCase()}`, exact: true }).waitFor();
}

/** A booking made as the site makes it, signed in when given the member's token: a paid one waits for its checkout. */
async function bookThroughApi(sessionId: string, email: string, token?: string) {
  const { status, body } = await api<BookingReceipt>(`/sessions/${sessionId}/bookings`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email, currency: 'GBP' }),
  });
  expect(status).toBe(201);
  return body;
}

const bookingIdIn = (page: Page) => new URL(page.url()).searchParams.get('bookingId')!;

describe('paid bookings in the browser', () => {
  it('a visitor pays with a percentage code on the checkout page and sees the booking confirmed, then the e-mail', async () => {
    const session = await paidSession('Paid Breath Circle');
    const code = await createCode({ type: 'percentage', percentage: 10 });
    const email = newAddress('paying');
    const page = await openPage(browser(), phone);
    await openBookingForm(page, session.id, { email });
    await applyCode(page, code.toLowerCase());
    const total = page.getByText('(10% off)').locator('..');
    expect(await total.textContent()).toContain('£18.00');
    expect(await total.textContent()).toContain('£20.00');
    await expectCleanPage(page);

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: /^Pay/ }).click();

    await page.waitForURL(/\/booking-confirmation\?bookingId=/);
    await page.getByText('Booking confirmed').waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: session.title }).waitFor();
    // The site's price format: pence only when there are some.
    expect(await page.getByText('£18', { exact: true }).count()).toBe(1);
    // The page opens for anyone with its link: the promo code stays with the booking.
    expect(await page.getByText(code, { exact: true }).count()).toBe(0);
    await expectCleanPage(page);

    const booking = await waitForBooking(bookingIdIn(page), (b) => b.status === 'completed');
    expect(booking).toMatchObject({ paymentStatus: 'paid', price: { amount: 1800, currency: 'GBP' } });
    expect((await getBooking(booking.id))?.discountCode).toBe(code);
    const [mail] = await waitForEmails(email, 1);
    expect(mail.subject).toBe(`Booking confirmed: ${session.title}`);
    await page.close();
  });

  it('a 100% code turns the button into Get Free Access and books without checkout', async () => {
    const session = await paidSession('Gifted Breath Circle');
    const code = await createCode({ type: 'percentage', percentage: 100 });
    const email = newAddress('gifted');
    const page = await openPage(browser(), desktop);
    await openBookingForm(page, session.id, { email });
    await applyCode(page, code);
    await page.getByRole('button', { name: 'Get Free Access' }).click();

    await page.waitForURL(/\/booking-confirmation\?bookingId=/);
    await page.getByText('Booking confirmed').waitFor();
    expect(await page.getByText(code, { exact: true }).count()).toBe(0);
    const booking = await waitForBooking(bookingIdIn(page), (b) => b.status === 'completed');
    expect(booking).toMatchObject({ paymentStatus: 'free', price: { amount: 0, currency: 'GBP' }, holdExpiresAt: null });
    expect((await waitForEmails(email, 1)).map((m) => m.subject)).toEqual([`Booking confirmed: ${session.title}`]);
    await page.close();
  });

  it('takes a one-time code off the form when someone else used it first, with the product’s words', async () => {
    const session = await paidSession('Contested Breath Circle');
    const code = await createCode({ type: 'percentage', percentage: 20 }, { oneTime: true });
    const page = await openPage(browser(), desktop);
    await page.goto(`${siteUrl}/sessions/${session.id}`);
    await page.getByRole('button', { name: 'Book Now' }).press('Enter');
    // The form takes the button's place, and the keyboard goes on from its first field.
    await page.getByLabel('First name').waitFor();
    expect(await page.evaluate("document.activeElement?.getAttribute('autocomplete')")).toBe('given-name');
    await openBookingForm(page, session.id, { email: newAddress('second') });
    await applyCode(page, code);
    const other = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Grace', lastName: 'Hopper', email: newAddress('first'), discountCode: code }),
    });
    expect(other.status).toBe(201);

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('This code has already been used').waitFor();
    await page.getByLabel('Promo code').waitFor();
    expect(await page.getByRole('button', { name: `Remove promo code ${code}`, exact: true }).count()).toBe(0);
    expect(page.url()).toBe(`${siteUrl}/sessions/${session.id}`);
    await page.close();
  });

  it('a member with a pending booking is asked: OK resumes its checkout, left unpaid it is given up; Cancel books anew', async () => {
    const session = await paidSession('Resumed Breath Circle');
    const email = newAddress('pending');
    const password = `pw-${ulid()}`;
    const token = await signedInUser(email, { password, name: 'Ada Lovelace' });
    // A checkout the member started and left unpaid.
    const first = await bookThroughApi(session.id, email, token);

    const page = await openPage(browser(), desktop);
    await signInAt(page, '/dashboard/bookings', email, password);
    // My bookings offers the way back to the unpaid checkout.
    const payLink = page.getByRole('link', { name: 'Complete payment' });
    await payLink.waitFor();
    expect(await payLink.getAttribute('href')).toBe(first.checkoutUrl);
    await expectCleanPage(page);
    await openBookingForm(page, session.id);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pending booking' });
    await dialog.getByText('You already have a pending booking for this session.').waitFor();
    await expectCleanPage(page);

    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(first.checkoutUrl!);
    // Left unpaid on the checkout page: back on the session, which gives it up as its member.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${siteUrl}/sessions/${session.id}?checkout=cancelled`);
    expect((await waitForBooking(first.booking.id, (b) => b.status === 'cancelled')).status).toBe('cancelled');

    const second = await bookThroughApi(session.id, email, token);
    await openBookingForm(page, session.id);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.href !== second.checkoutUrl && url.origin !== siteUrl);

    const replaced = await waitForBooking(second.booking.id, (b) => b.status === 'cancelled');
    expect(replaced.status).toBe('cancelled');
    await page.close();
  });

  it('shows a booking awaiting payment as pending, held until its time, and confirmed by itself once paid', async () => {
    const session = await paidSession('Awaited Breath Circle');
    const receipt = await bookThroughApi(session.id, newAddress('awaiting'));
    const page = await openPage(browser(), phone);
    await page.goto(`${siteUrl}/booking-confirmation?bookingId=${receipt.booking.id}`);
    await page.getByText('Payment pending').waitFor();
    await page.getByText(/Your seat is held until \d{1,2}:\d{2} [AP]M/).waitFor();
    // Anyone with the link can open this page, and the checkout's page shows the attendee's address:
    // the way back to it is e-mailed to that address instead.
    expect(await page.getByRole('link', { name: 'Complete payment' }).count()).toBe(0);
    expect(await page.content()).not.toContain(receipt.checkoutUrl!);
    expect(await page.getByRole('link', { name: 'Google Calendar' }).count()).toBe(0);
    await expectCleanPage(page);

    await payCheckout(receipt.checkoutUrl!);
    await page.getByText('Booking confirmed').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Google Calendar' }).waitFor();
    await page.close();
  });

  it('says when the checkout expired and the seat was released, with the way back to the session', async () => {
    const session = await paidSession('Expired Breath Circle');
    const receipt = await bookThroughApi(session.id, newAddress('expiring'));
    const page = await openPage(browser(), desktop);
    await page.goto(`${siteUrl}/booking-confirmation?bookingId=${receipt.booking.id}`);
    await page.getByText('Payment pending').waitFor();

    // The hold's time is up; Stripe ends the unpaid checkout and tells the server, which releases the seat.
    await runOutHold(receipt.booking.id);
    const { checkoutSessionId } = (await getBooking(receipt.booking.id))!;
    await (await stripe()).checkout.sessions.expire(checkoutSessionId!);
    await page.getByText('Your checkout expired and the seat was released.').waitFor({ timeout: 15_000 });
    await expectCleanPage(page);
    await page.getByRole('link', { name: 'Back to the session' }).click();
    await page.getByRole('heading', { level: 1, name: session.title }).waitFor();
    await page.close();
  });

  it('gives the seat of a checkout left unpaid back at once, and lets its visitor book again with the same address', async () => {
    const session = await paidSession('Second Thoughts Circle', { maxAttendees: 1 });
    const email = newAddress('returning');
    const page = await openPage(browser(), phone);
    await openBookingForm(page, session.id, { email });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    // On the checkout page, whose Cancel leads back (the booking form has a Cancel of its own).
    await page.waitForURL((url) => url.origin !== siteUrl);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${siteUrl}/sessions/${session.id}?checkout=cancelled`);
    await page.getByRole('status').getByText('Payment cancelled: you have not been charged.').waitFor();
    // At the top of the page, where that is said: not scrolled down to where the form was.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const [left] = await bookingsOf(session.id);
    const first = left.id as string;
    // The last seat, held for that checkout, is free for anyone again: not when its hold runs out.
    expect((await waitForBooking(first, (b) => b.status === 'cancelled')).status).toBe('cancelled');
    await expect
      .poll(async () => (await api<{ session: { soldOut: boolean } }>(`/sessions/${session.id}`)).body.session.soldOut)
      .toBe(false);
    await page.getByRole('button', { name: 'Book Now' }).waitFor();

    await openBookingForm(page, session.id, { email });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(/\/booking-confirmation\?bookingId=/);
    await page.getByText('Booking confirmed').waitFor({ timeout: 15_000 });
    expect(bookingIdIn(page)).not.toBe(first);
    await page.close();
  });
});
