import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { api, siteUrl, waitForEmails } from '../support/stack';
import { signedInUser } from '../support/users';
import { createSession, seatsTaken } from '../support/sessions';
import { desktop, expectCleanPage, newAddress, openPage, phone, signInAt, useBrowser } from '../support/browser';

const browser = useBrowser();

describe('a member cancelling in the browser', () => {
  it('cancels an upcoming booking from My Bookings, after saying what happens, and the session has its seat again', async () => {
    const email = newAddress('canceller');
    const password = `pw-${ulid()}`;
    const token = await signedInUser(email, { password, name: 'Cass Canceller' });
    const session = await createSession({ title: `Last Seat ${ulid().slice(-6)}`, maxAttendees: 1 });
    const booked = await api(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ firstName: 'Cass', lastName: 'Canceller', email }),
    });
    expect(booked.status).toBe(201);

    const page = await openPage(browser(), desktop);
    await signInAt(page, '/dashboard/bookings', email, password);
    const card = page.getByRole('article', { name: session.title });
    await card.getByText(/^Free cancellation until /).waitFor();
    await card.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.getByText(/Your seat goes to someone else\.$/).waitFor();
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText('Booking cancelled').waitFor();
    await card.getByText('Cancelled', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    expect(await seatsTaken(session.id)).toBe(0);

    // The session's page offers the seat again.
    await page.goto(`${siteUrl}/sessions/${session.id}`);
    await page
      .getByRole('button', { name: /Book Now/ })
      .first()
      .waitFor();
    expect((await waitForEmails(email, 2)).map((m) => m.subject)).toContain(`Booking cancelled: ${session.title}`);
  });
});
