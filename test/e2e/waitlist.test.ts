import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { BookingReceipt } from '../../functions/schemas/booking';
import { api, siteUrl, waitForEmails } from '../support/stack';
import { signedInUser } from '../support/users';
import { createSession, seatsTaken } from '../support/sessions';
import { runOutHold } from '../support/stripe';
import { releaseExpiredHolds } from '../../functions/domain/flows/hold-sweep';
import { desktop, expectCleanAtBothWidths, expectCleanPage, newAddress, openPage, phone, useBrowser } from '../support/browser';

const browser = useBrowser();

/** The link in the newest e-mail to `email` whose subject starts with `subject`. */
async function linkFromEmail(email: string, subject: string, count: number): Promise<string> {
  const mails = await waitForEmails(email, count, 20_000);
  const mail = mails.filter((m) => m.subject.startsWith(subject)).at(-1);
  expect(mail, `an e-mail '${subject}'`).toBeDefined();
  return /https?:\/\/\S+\/waitlist\/[\w.-]+/.exec(mail!.body.text)![0];
}

/**
 * A paid session of one seat, held by a guest's checkout, with `waiting` on its waitlist in that
 * order; the checkout then runs out unpaid, and its seat is offered to the first of them.
 */
async function spotOfferedTo(waiting: string[]) {
  const session = await createSession({
    title: `Paid Full Circle ${ulid().slice(-6)}`,
    maxAttendees: 1,
    priceAmount: 1500,
    priceCurrency: 'GBP',
  });
  const held = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Hal', lastName: 'Holder', email: newAddress('holder') }),
  });
  expect(held.status).toBe(201);
  for (const email of waiting) {
    const joined = await api(`/sessions/${session.id}/waitlist`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Wren Waiting', email, phone: '+44 7700 900123' }),
    });
    expect(joined.status).toBe(201);
  }
  await runOutHold(held.body.booking.id);
  await releaseExpiredHolds(new Date());
  return session;
}

describe('the waitlist in the browser', () => {
  it('a visitor joins a sold-out session, is offered the seat a member gives back, and takes it from the e-mailed link', async () => {
    const session = await createSession({ title: `Full Circle ${ulid().slice(-6)}`, maxAttendees: 1 });
    const memberEmail = newAddress('holder');
    const token = await signedInUser(memberEmail);
    const booked = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ firstName: 'Hal', lastName: 'Holder', email: memberEmail }),
    });
    expect(booked.status).toBe(201);

    const email = newAddress('waiter');
    const page = await openPage(browser(), phone);
    await page.goto(`${siteUrl}/sessions/${session.id}`);
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    const form = page.getByRole('form', { name: 'Join the waitlist' });
    await form.getByRole('button', { name: 'Join Waitlist' }).click();
    expect(await form.getByText('Please fill out all fields').count()).toBe(3);
    await form.getByLabel('Name').fill('Wren Waiting');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('+44 7700 900123');
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }
    await form.getByRole('button', { name: 'Join Waitlist' }).click();
    await page.getByText("You've been added to the waitlist").waitFor();
    await page.getByText(/You're number 1 in line\./).waitFor();

    // The e-mailed link shows the place while it waits.
    await page.goto(await linkFromEmail(email, "You're on the waitlist", 1));
    await page.getByText("You're on the waitlist").waitFor();
    await page.getByRole('button', { name: 'Leave the waitlist' }).waitFor();
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }

    // The member cancels: the seat is held for the visitor, who takes it from the offer's e-mail.
    const cancelled = await api(`/bookings/${booked.body.booking.id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cancelled.status).toBe(200);
    await page.goto(await linkFromEmail(email, 'A spot is free for you', 2));
    await page.getByText('A spot is held for you').waitFor();
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }
    await page.getByRole('button', { name: 'Take the spot' }).click();
    await page.waitForURL(/\/booking-confirmation\?bookingId=/);
    await page.getByText('Booking confirmed').waitFor();
    expect(await seatsTaken(session.id)).toBe(1);
  });

  it('offers the checkout again to someone who took a paid spot and left its payment unpaid, until it is paid', async () => {
    const email = newAddress('paid-waiter');
    const session = await spotOfferedTo([email]);
    const offer = await linkFromEmail(email, 'A spot is free for you', 2);

    const page = await openPage(browser(), phone);
    await page.goto(offer);
    await page.getByRole('button', { name: 'Take the spot and pay' }).click();
    await page.waitForURL((url) => url.origin !== siteUrl);
    // Left on the checkout page: back at the session, the spot still theirs to pay for from the offer's link.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${siteUrl}/sessions/${session.id}?checkout=cancelled`);
    await page.goto(offer);
    await page.getByText(/^Complete the payment to keep it: the spot is held for you until /).waitFor();
    await expectCleanAtBothWidths(page);
    // Nothing paid yet, so no booking page to view: it would say the payment is on its way.
    expect(await page.getByRole('link', { name: 'View your booking' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(/\/booking-confirmation\?bookingId=/);
    await page.getByText('Booking confirmed').waitFor({ timeout: 15_000 });
    await page.goto(offer);
    await page.getByText('The spot is yours: your booking has the details.').waitFor();
    expect(await page.getByRole('button', { name: 'Continue to payment' }).count()).toBe(0);
    await page.getByRole('link', { name: 'View your booking' }).click();
    await page.getByText('Booking confirmed').waitFor();
  });

  it('passes an offered spot on to the next person only once they say so', async () => {
    const [first, second] = [newAddress('first-waiter'), newAddress('second-waiter')];
    await spotOfferedTo([first, second]);

    const page = await openPage(browser(), phone);
    await page.goto(await linkFromEmail(first, 'A spot is free for you', 2));
    await page.getByRole('button', { name: 'Pass it on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pass on this spot?' });
    await expectCleanPage(page);
    await dialog.getByRole('button', { name: 'Keep the spot' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('A spot is held for you').waitFor();
    await page.getByRole('button', { name: 'Pass it on' }).click();
    await dialog.getByRole('button', { name: 'Pass it on' }).click();
    await page.getByText('You passed on the spot').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await linkFromEmail(second, 'A spot is free for you', 2);
  });

  it('says so for a link that is not valid', async () => {
    const page = await openPage(browser(), desktop);
    await page.goto(`${siteUrl}/waitlist/01KAB3C4D5E6F7G8H9J0KMNPQR-${'A'.repeat(22)}`);
    await page.getByRole('heading', { name: 'This waitlist link is not valid.' }).waitFor();
    await expectCleanAtBothWidths(page);
  });
});
