import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { siteUrl, waitForEmails } from '../support/stack';
import { createSession, seatsTaken } from '../support/sessions';
import { desktop, expectCleanAtBothWidths, expectCleanPage, newAddress, openPage, phone, useBrowser } from '../support/browser';

const browser = useBrowser();

describe('a guest managing their booking', () => {
  it('goes from the confirmation page to their booking, and cancels it from the e-mailed link', async () => {
    const session = await createSession({ title: `Guest Circle ${ulid().slice(-6)}`, maxAttendees: 1 });
    const email = newAddress('guest');
    const page = await openPage(browser(), phone);
    await page.goto(`${siteUrl}/sessions/${session.id}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    await page.getByLabel('First name').fill('Gus');
    await page.getByLabel('Last name').fill('Guest');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.waitForURL(/\/booking-confirmation\?bookingId=/);
    const confirmationUrl = page.url();
    await page.getByText(/^Free cancellation until /).waitFor();

    // This browser kept the booking's link: 'View My Bookings' is the guest's own booking page.
    await page.getByRole('link', { name: 'View My Bookings' }).click();
    await page.waitForURL(/\/manage\//);
    await page.getByText('Booked for Gus Guest.').waitFor();
    expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/setup-account?email=${encodeURIComponent(email)}`,
    );

    // Another device has only the booking's id, which manages nothing: it points to the e-mail and offers an account.
    const elsewhere = await openPage(browser(), phone);
    await elsewhere.goto(confirmationUrl);
    await elsewhere.getByText(/Your confirmation e-mail has a .Manage booking. link/).waitFor();
    expect(await elsewhere.getByRole('link', { name: 'View My Bookings' }).count()).toBe(0);
    await expectCleanPage(elsewhere);
    await elsewhere.getByLabel('Email').fill(email);
    await elsewhere.getByRole('button', { name: 'Create an account' }).click();
    await elsewhere.waitForURL(`${siteUrl}/setup-account?email=${encodeURIComponent(email)}`);

    // The link from the e-mail, opened on yet another device.
    const mail = (await waitForEmails(email, 1)).find((m) => m.subject.startsWith('Booking confirmed'));
    const link = /https?:\/\/\S+\/manage\/[\w-]+/.exec(mail!.body.text)![0];
    const other = await openPage(browser(), phone);
    await other.goto(link);
    await other.getByText(/^Free cancellation until /).waitFor();
    await expectCleanAtBothWidths(other);
    await other.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = other.getByRole('dialog', { name: 'Cancel this booking?' });
    await expectCleanPage(other);
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await other.getByText('Booking cancelled').first().waitFor();
    // The page, read again, says so and has nothing left to cancel.
    await other.getByRole('heading', { name: 'Cancellation' }).waitFor({ state: 'detached' });
    await other.locator('section > p', { hasText: 'Booking cancelled' }).waitFor();
    expect(await other.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    await expectCleanPage(other);
    expect(await seatsTaken(session.id)).toBe(0);
    const notice = (await waitForEmails(email, 2)).find((m) => m.subject === `Booking cancelled: ${session.title}`);
    expect(notice?.body.text).toContain('Your seat is free for someone else.');

    // The session's page offers the seat again.
    await other.goto(`${siteUrl}/sessions/${session.id}`);
    await other.getByRole('button', { name: 'Book Now' }).waitFor();
  });

  it("tells nothing to a link that is not a booking's", async () => {
    const page = await openPage(browser(), desktop);
    await page.goto(`${siteUrl}/manage/${ulid()}-${'A'.repeat(22)}`);
    await page.getByRole('heading', { name: 'This link is not valid.' }).waitFor();
    await expectCleanAtBothWidths(page);
  });
});
