import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { BookingReceipt } from '../../functions/schemas/booking';
import { readFile } from 'node:fs/promises';
import { api, siteUrl, waitForEmails } from '../support/stack';
import { createSession, seatsTaken } from '../support/sessions';
import {
  desktop,
  expectCleanAtBothWidths,
  expectCleanPage,
  newAddress,
  openPage,
  phone,
  useBrowser,
  signedInAdmin,
} from '../support/browser';

const browser = useBrowser();

describe('the admin schedule in the browser', () => {
  it('creates a session with the form, which then appears on the home page', async () => {
    const { page } = await signedInAdmin(browser(), '/admin/sessions');
    // The schedule as the administrator first sees it: the seeded sessions, listed.
    await expectCleanAtBothWidths(page, () => page.getByRole('tab', { name: /^Upcoming \(\d+\)$/ }).waitFor());
    await page.getByRole('link', { name: 'Create New Session' }).click();
    const form = page.getByRole('form', { name: 'Create session' });
    await form.getByRole('button', { name: 'Create Session' }).click();
    await form.getByText('Title is required').waitFor();
    await form.getByText('Description is required').waitFor();
    await form.getByText('Start time is required').waitFor();
    // The focus is on the first field to put right, not the last.
    expect(await form.getByLabel('Title').evaluate((input) => input === document.activeElement)).toBe(true);
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }

    const title = `Evening Breath ${ulid().slice(-6)}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Category').selectOption('Breathwork');
    await form.getByLabel('Description').fill('An hour of slow breathing.');
    await form.getByLabel(/^Start time/).fill('2030-03-04T19:30');
    await form.getByLabel('Maximum attendees (empty for unlimited)').fill('12');
    await form.getByLabel('Price').fill('22.50');
    await form.getByLabel('Currency').selectOption('EUR');
    await form.getByLabel('On site').check();
    await form.getByLabel('Address', { exact: true }).fill('12 Mare Street');
    await form.getByLabel('City').fill('London');
    await form.getByLabel('Post code').fill('E8 3PB');
    await form.getByRole('button', { name: 'Create Session' }).click();
    await page.getByText('Session created successfully').waitFor();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('€22.50').waitFor();
    // Checked once the toast has gone: axe reads a toast still fading in as low contrast.
    await page.getByText('Session created successfully').waitFor({ state: 'hidden' });
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }

    await page.goto(`${siteUrl}/`);
    await page.getByText(title).first().waitFor();
  });

  it('duplicates a session as a draft that no visitor sees, previews it, and publishes it', async () => {
    const source = await createSession({ title: `Dawn Breath ${ulid().slice(-6)}`, priceAmount: 1500, priceCurrency: 'GBP' });
    const { page } = await signedInAdmin(browser(), '/admin/sessions');
    await page.getByRole('button', { name: `Duplicate ${source.title}` }).click();
    await page.getByText('Session duplicated successfully').waitFor();
    const copyTitle = `${source.title} (Copy)`;
    const copyRow = page.getByRole('listitem').filter({ hasText: copyTitle });
    await copyRow.getByText('DRAFT').waitFor();
    await copyRow.getByRole('link', { name: copyTitle, exact: true }).click();
    await page.getByText('Visitors cannot see or book this session until you publish it.').waitFor();
    const copyId = page.url().split('/').pop()!;

    // Nobody else sees it: not listed, no page.
    const visitor = await openPage(browser(), phone);
    await visitor.goto(`${siteUrl}/`);
    await visitor.getByText(source.title, { exact: true }).first().waitFor();
    expect(await visitor.getByText(copyTitle).count()).toBe(0);
    await visitor.goto(`${siteUrl}/sessions/${copyId}`);
    await visitor.getByRole('heading', { name: 'Session not found' }).waitFor();

    // The preview is the page visitors will see, without its booking.
    await page.getByRole('link', { name: 'Preview', exact: true }).click();
    await page.getByRole('heading', { name: copyTitle, level: 1 }).waitFor();
    await page.getByText('Book Now shows here once the session is published.').waitFor();
    expect(await page.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
    // Checked once the toast has gone: axe reads a toast still fading in as low contrast.
    await page.getByText('Session duplicated successfully').waitFor({ state: 'hidden' });
    await expectCleanAtBothWidths(page);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Session published').waitFor();
    await page.getByText('Visitors cannot see or book this session until you publish it.').waitFor({ state: 'hidden' });

    await visitor.goto(`${siteUrl}/sessions/${copyId}`);
    await visitor.getByRole('button', { name: 'Book Now' }).waitFor();
    await visitor.close();

    // A new session can start as a draft too.
    await page.goto(`${siteUrl}/admin/sessions/new`);
    const form = page.getByRole('form', { name: 'Create session' });
    const draftTitle = `Drafted Breath ${ulid().slice(-6)}`;
    await form.getByLabel('Title').fill(draftTitle);
    await form.getByLabel('Description').fill('Still being planned.');
    await form.getByLabel(/^Start time/).fill('2030-05-06T19:00');
    await form.getByRole('button', { name: 'Save as Draft' }).click();
    await page.getByText('Draft saved').waitFor();
    await page.getByRole('heading', { name: draftTitle }).waitFor();
    await page.getByText('Visitors cannot see or book this session until you publish it.').waitFor();
  });

  it("removes an attendee after asking, and the session's seat is free", async () => {
    const session = await createSession({ title: `Small Circle ${ulid().slice(-6)}`, maxAttendees: 2 });
    const booked = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Attendee', email: newAddress('attendee') }),
    });
    expect(booked.status).toBe(201);
    // A booked session cannot be deleted: its dialog says why, its button cannot be pressed,
    // and it opens on the way out (the first button), not on the close.
    const { page } = await signedInAdmin(browser(), '/admin/sessions');
    await page.getByRole('button', { name: `Delete ${session.title}` }).click();
    const deleting = page.getByRole('dialog', { name: 'Delete this session?' });
    await deleting.getByText('It has bookings or people waiting, so it cannot be deleted').waitFor();
    expect(await deleting.getByRole('button', { name: 'Delete session' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep session');
    await deleting.getByRole('button', { name: 'Keep session' }).click();

    await page.goto(`${siteUrl}/admin/sessions/${session.id}`);
    await page.getByRole('heading', { name: session.title }).waitFor();
    await page.getByRole('button', { name: /^Waitlist \d+$/ }).click();
    await page.getByText('No one on the waitlist yet.').waitFor();
    await expectCleanPage(page);
    await page.getByRole('button', { name: /^Attendees \d+$/ }).click();
    await page.getByText('Ada Attendee').waitFor();
    // The tab is in the address: a reload opens it again.
    await page.reload();
    await page.getByText('Ada Attendee').waitFor();
    await page.getByRole('button', { name: 'Remove Ada Attendee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this attendee?' });
    await dialog.waitFor();
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }
    await dialog.getByRole('button', { name: 'Remove attendee' }).click();
    await page.getByText('Attendee has been removed from the session').waitFor();
    await page.getByText('No attendees yet for this session.').waitFor();
    expect(await seatsTaken(session.id)).toBe(0);
  });

  it('writes to the attendees from a dialog, and exports them as a CSV file', async () => {
    const session = await createSession({ title: `Told Circle ${ulid().slice(-6)}`, maxAttendees: 4 });
    const attendee = newAddress('told');
    const booked = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Tia', lastName: 'Told', email: attendee }),
    });
    expect(booked.status).toBe(201);
    const { page } = await signedInAdmin(browser(), `/admin/sessions/${session.id}`);
    await page.getByRole('button', { name: /^Attendees/ }).click();
    await page.getByText('Tia Told').waitFor();

    await page.getByRole('button', { name: 'Message attendees' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message attendees' });
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText('Subject is required').waitFor();
    await dialog.getByText('Message is required').waitFor();
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await expectCleanPage(page);
    }
    await dialog.getByLabel('Subject').fill('Parking on Mare Street');
    await dialog.getByLabel('Message', { exact: true }).fill('The car park is closed on Sunday.\nPlease come by bus.');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Message sent to attendees').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const told = (await waitForEmails(attendee, 2)).find((m) => m.subject === 'Parking on Mare Street');
    expect(told?.body.text).toContain('The car park is closed on Sunday.\n\nPlease come by bus.');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^told-circle-[a-z0-9]{6}-\d{4}-\d{2}-\d{2}-attendees\.csv$/);
    const file = await readFile(await download.path(), 'utf8');
    expect(file).toContain(`"Tia Told","${attendee}","","completed","free","",`);
  });

  it("shows a sold-out session's waitlist as a table on desktop and cards on phones, and takes someone off it", async () => {
    const session = await createSession({ title: `Full Circle ${ulid().slice(-6)}`, maxAttendees: 1, seatsTaken: 1 });
    const email = newAddress('waiting');
    const joined = await api(`/sessions/${session.id}/waitlist`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Wren Waiting', email, phone: '+44 7700 900123' }),
    });
    expect(joined.status).toBe(201);
    const { page } = await signedInAdmin(browser(), `/admin/sessions/${session.id}`);
    await page.getByRole('button', { name: /^Waitlist/ }).click();
    const caption = `Waitlist for ${session.title}, first in line first`;
    const table = page.getByRole('table', { name: caption });
    const row = table.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Name',
      'Email',
      'Phone',
      'Joined',
      'Status',
      'Actions',
    ]);
    for (const text of ['1. Wren Waiting', '+44 7700 900123', 'Waiting']) await row.getByText(text, { exact: true }).waitFor();
    await expectCleanPage(page);

    await page.setViewportSize(phone);
    const card = page.getByRole('list', { name: caption }).getByRole('listitem').filter({ hasText: email });
    await card.waitFor();
    expect(await table.count()).toBe(0);
    await expectCleanPage(page);
    await card.getByRole('button', { name: 'Remove Wren Waiting from the waitlist' }).click();
    await page.getByText('Waitlist entry removed successfully').waitFor();
    await page.getByText('No one on the waitlist yet.').waitFor();
  });

  it('cancels a session on a phone after showing what it ends: the attendee is told, and its page says so', async () => {
    const session = await createSession({ title: `Called Off ${ulid().slice(-6)}`, maxAttendees: 4 });
    const attendee = newAddress('called-off');
    const booked = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Cleo', lastName: 'Called', email: attendee }),
    });
    expect(booked.status).toBe(201);
    const { page } = await signedInAdmin(browser(), `/admin/sessions/${session.id}`, phone);
    await page.getByRole('button', { name: 'Cancel Session' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this session?' });
    const facts = dialog.getByRole('definition');
    await facts.first().waitFor();
    expect(await facts.allTextContents()).toEqual(['1', '0', 'Nothing', '0']);
    await expectCleanPage(page);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/cancel-session-phone.png` });
    await dialog.getByLabel('Message (optional)').fill('I am unwell.\nSee you next month.');
    await dialog.getByRole('button', { name: 'Cancel Session' }).click();
    await page.getByText('Session cancelled', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('CANCELLED', { exact: true }).waitFor();
    await page.getByText(/^“I am unwell\.\s+See you next month\.”$/).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel Session' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit Session' }).count()).toBe(0);
    await page.getByText('Session cancelled', { exact: true }).waitFor({ state: 'hidden' });
    await expectCleanPage(page);

    const told = (await waitForEmails(attendee, 2)).find((m) => m.subject === `Session cancelled: ${session.title}`);
    expect(told?.body.text).toContain('I am unwell.\n\nSee you next month.');

    const visitor = await openPage(browser(), desktop);
    await visitor.goto(`${siteUrl}/sessions/${session.id}`);
    await visitor.getByText('This session has been cancelled.').waitFor();
    await visitor.getByRole('link', { name: 'See upcoming sessions' }).waitFor();
    expect(await visitor.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
    await expectCleanPage(visitor);
    if (process.env.SCREENSHOT_DIR)
      await visitor.screenshot({ path: `${process.env.SCREENSHOT_DIR}/cancelled-session-page.png` });
  });

  it('checks two people in on a phone, finds one by name, and takes a mark back', async () => {
    const session = await createSession({
      title: `Door List ${ulid().slice(-6)}`,
      maxAttendees: 3,
      startTime: new Date(Date.now() + 20 * 60_000).toISOString(),
    });
    for (const [firstName, lastName] of [
      ['Zoë', 'Árnadóttir'],
      ['Ravi', 'Patel'],
      ['Nell', 'Late'],
    ]) {
      const booked = await api(`/sessions/${session.id}/bookings`, {
        method: 'POST',
        body: JSON.stringify({ firstName, lastName, email: newAddress('door') }),
      });
      expect(booked.status).toBe(201);
    }
    const { page } = await signedInAdmin(browser(), `/admin/sessions/${session.id}`, phone);
    await page.getByRole('link', { name: 'Check-in' }).click();
    await page.getByRole('heading', { name: 'Check-in' }).waitFor();
    await page.getByText('0 of 3 checked in').waitFor();
    await expectCleanPage(page);

    const zoe = page.getByRole('group', { name: 'Attendance of Zoë Árnadóttir' });
    await zoe.getByRole('button', { name: 'Attended' }).click();
    await page.getByText('1 of 3 checked in').waitFor();
    expect(await zoe.getByRole('button', { name: 'Attended' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByLabel('Search by name').fill('ravi');
    expect(await page.getByRole('list', { name: 'Attendees' }).getByRole('listitem').count()).toBe(1);
    const ravi = page.getByRole('group', { name: 'Attendance of Ravi Patel' });
    await ravi.getByRole('button', { name: 'No-show' }).click();
    await page.getByText('1 of 3 checked in · 1 no-show').waitFor();
    // He arrives after all: a tap on Attended moves his mark.
    await ravi.getByRole('button', { name: 'Attended' }).click();
    await page.getByText('2 of 3 checked in', { exact: true }).waitFor();
    await page.getByLabel('Search by name').fill('zoe');
    await zoe.getByRole('button', { name: 'Attended' }).click();
    await page.getByText('1 of 3 checked in', { exact: true }).waitFor();
    await page.getByLabel('Search by name').fill('nobody');
    await page.getByText('Nobody booked matches “nobody”.').waitFor();
    await page.getByLabel('Search by name').fill('');

    // A late arrival at a full session, paid in cash: added beyond its capacity once she says so.
    await page.getByRole('button', { name: 'Add attendee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add attendee' });
    await dialog.getByRole('button', { name: 'Add attendee' }).click();
    await dialog.getByText('First name is required').waitFor();
    await expectCleanPage(page);
    const late = newAddress('late');
    await dialog.getByLabel('First name').fill('Lou');
    await dialog.getByLabel('Last name').fill('Later');
    await dialog.getByLabel('Email').fill(late);
    await dialog.getByLabel(/Paid in cash/).check();
    await dialog.getByRole('button', { name: 'Add attendee' }).click();
    await dialog.getByText('This session is full: all 3 seats are taken. Add Lou Later anyway, beyond its capacity?').waitFor();
    await dialog.getByRole('button', { name: 'Add anyway' }).click();
    await page.getByText('Attendee added').waitFor();
    await page.getByRole('group', { name: 'Attendance of Lou Later' }).getByRole('button', { name: 'Attended' }).click();
    await page.getByText('2 of 4 checked in', { exact: true }).waitFor();
    expect((await waitForEmails(late, 1)).map((m) => m.subject)).toContain(`Booking confirmed: ${session.title}`);
    await page.getByText('Attendee added').waitFor({ state: 'hidden' });
    await expectCleanPage(page);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/check-in-phone.png`, fullPage: true });
  });

  it('creates a monthly first-Tuesday series for a year, each date at 19:00 London time on both sides of the clock change', async () => {
    const { page } = await signedInAdmin(browser(), '/admin/sessions/new');
    const form = page.getByRole('form', { name: 'Create session' });
    const title = `Monthly Live ${ulid().slice(-6)}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Our monthly live session.');
    // 5 January 2027 is the year's first Tuesday.
    await form.getByLabel('Repeats').selectOption('month');
    await form.getByLabel('First date and time (Europe/London)').fill('2027-01-05T19:00');
    await form.getByLabel('Which Tue of the month').selectOption('1');
    await form.getByLabel('On', { exact: true }).check();
    await form.getByLabel('Last date').fill('2027-12-31');
    const dates = form.getByRole('list', { name: 'Dates of the series' }).getByRole('listitem');
    await form.getByText(/^Every first Tuesday: 12 dates/).waitFor();
    expect(await dates.count()).toBe(12);
    expect(await dates.first().textContent()).toBe('Tue, Jan 5, 2027, 7:00 PM GMT');
    expect(await dates.nth(6).textContent()).toBe('Tue, Jul 6, 2027, 7:00 PM GMT+1');
    await expectCleanPage(page);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/series-form.png`, fullPage: true });
    await form.getByRole('button', { name: 'Create Series' }).click();
    await page.getByText('Series created').waitFor();
    await page.getByText('12 sessions: Every first Tuesday.').waitFor();
    const listed = page.getByRole('listitem').filter({ hasText: title });
    await listed.first().waitFor();
    expect(await listed.count()).toBe(12);
    await listed.first().getByText('Every first Tuesday').waitFor();
  });
});
