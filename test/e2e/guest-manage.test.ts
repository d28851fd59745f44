import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { siteUrl, waitForEmails } from '../support/stack';
import { createSession, seatsTaken } from '../support/sessions';
import { desktop, expectCleanPage, newAddress, openPage, phone, useBrowser } from '../support/browser';

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

    // This browser kept the booking's link: 'View My Bookings' is the guest's own booking page.
    await page.getByRole('link', { name: 'View My Bookings' }).click();
    await page.waitForURL(/\/manage\//);
    await page.getByText('Booked for Gus Guest.').waitFor();
    expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/setup-account?email=${encodeURIComponent(email)}`,
    );

    // Another device: the link from the e-mail.
    const mail = (await waitForEmails(email, 1)).find((m) => m.subject.startsWith('Booking confirmed'));
    const link = /https?:\/\/\S+\/manage\/[\w-]+/.exec(mail!.body.text)![0];
    const other = await openPage(browser(), phone);
    await other.goto(link);
    await other.getByText(/^Free cancellation until /).waitFor();
    for (const viewport of [phone, desktop]) {
      await other.setViewportSize(viewport);
      await expectCleanPage(other);
    }
    await other.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = other.getByRole('dialog', { name: 'Cancel this booking?' });
    await expectCleanPage(other);
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await other.getByText('Booking cancelled').first().waitFor();
    expect(await seatsTaken(session.id)).toBe(0);

    // The session's page offers the seat again.
    await other.goto(`${siteUrl}/sessions/${session.id}`);
    await other.getByRole('button', { name: 'Book Now' }).waitFor();
  });
});
