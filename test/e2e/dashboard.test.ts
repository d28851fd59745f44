import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import { decodeJwt } from 'jose';
import { api, siteUrl } from '../support/stack';
import { signedInUser } from '../support/users';
import { createSession } from '../support/sessions';
import { createRecording } from '../support/recordings';
import { desktop, expectCleanPage, newAddress, openPage, phone, useBrowser, expectCleanAtBothWidths } from '../support/browser';
import { bookSession } from '../../functions/domain/flows/book-session';
import { formatTimeWithZone } from '../../web/src/lib/format';

const browser = useBrowser();
const open = (viewport: { width: number; height: number }) => openPage(browser(), viewport);

const days = (n: number) => n * 86_400_000;

/** A confirmed member: their address, password, and user id as their ID token names it. */
async function member(name: string) {
  const email = newAddress(name);
  const password = `pw-${ulid()}`;
  const token = await signedInUser(email, { password, name: 'Robin Member' });
  return { email, password, token, userId: decodeJwt(token).sub! };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${siteUrl}/sign-in`);
  await page.getByRole('tab', { name: 'Sign In' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${siteUrl}/dashboard`);
}

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('the member dashboard in the browser', () => {
  it('shows a member their upcoming and past sessions on the cards, in the tabs, by category and on past sessions', async () => {
    const robin = await member('robin');
    const tag = ulid().slice(-6);
    const soon = await createSession({
      title: `Morning Breath ${tag}`,
      category: 'Breathwork',
      startTime: new Date(Date.now() + days(3)).toISOString(),
    });
    const before = await createSession({
      title: `Evening Stillness ${tag}`,
      category: 'Meditation',
      startTime: new Date(Date.now() - days(2)).toISOString(),
    });
    // Booked through the API with the member's token, as the signed-in booking form does.
    const booked = await api(`/sessions/${soon.id}/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${robin.token}` },
      body: JSON.stringify({ firstName: 'Robin', lastName: 'Member', email: robin.email }),
    });
    expect(booked.status).toBe(201);
    // The past one was booked before it started, as it would have been then.
    await bookSession(
      before,
      { firstName: 'Robin', lastName: 'Member', email: robin.email },
      { now: new Date(Date.now() - days(3)), userId: robin.userId, clientAddress: 'test' },
    );

    // A free recording Robin has started: listed first on My Resources, where they stopped.
    const started = await createRecording({ title: `Started Breath ${tag}`, isFree: true, durationSeconds: 4 });
    const saved = await api(`/recordings/${started.id}/progress`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${robin.token}` },
      body: JSON.stringify({ positionSeconds: 2 }),
    });
    expect(saved.status).toBe(200);

    const page = await open(desktop);
    await signIn(page, robin.email, robin.password);

    // The home cards.
    const upcomingCard = page.getByRole('region', { name: 'Upcoming Sessions' });
    const pastCard = page.getByRole('region', { name: 'Past Sessions' });
    await upcomingCard.getByRole('link', { name: new RegExp(soon.title) }).waitFor();
    await pastCard.getByRole('link', { name: new RegExp(before.title) }).waitFor();
    expect(await upcomingCard.getByText(before.title).count()).toBe(0);
    // Times with their zone, as the schedule shows them ('7:00 PM GMT').
    await upcomingCard.getByText(formatTimeWithZone(soon.startTime), { exact: true }).waitFor();
    await pastCard.getByText(formatTimeWithZone(before.startTime), { exact: true }).waitFor();
    const resources = page.getByRole('list', { name: 'Your recordings' });
    await resources
      .getByRole('link', { name: new RegExp(started.title) })
      .getByText('Continue at 0:02')
      .waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await expectCleanAtBothWidths(page, () => visible(page, soon.title));

    // The cards lead to their pages.
    await page.setViewportSize(desktop);
    await upcomingCard.getByRole('link', { name: 'View all upcoming sessions' }).click();
    await page.waitForURL(`${siteUrl}/dashboard/sessions`);
    expect(await nav.getByRole('link', { name: 'Upcoming Sessions' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('tab', { name: 'Upcoming' }).getAttribute('aria-selected')).toBe('true');
    const panel = page.getByRole('tabpanel');
    await panel.getByText(soon.title).waitFor();
    expect(await panel.getByText(before.title).count()).toBe(0);
    await expectCleanAtBothWidths(page, () => visible(page, soon.title));

    // The Past tab, kept in the URL.
    await page.getByRole('tab', { name: 'Past' }).click();
    await page.waitForURL(`${siteUrl}/dashboard/sessions?tab=past`);
    await panel.getByText(before.title).waitFor();
    expect(await panel.getByText(soon.title).count()).toBe(0);
    await expectCleanAtBothWidths(page, () => visible(page, before.title));

    // The category filter, kept in the URL with the tab.
    await page.getByLabel('Category').selectOption('Breathwork');
    await page.waitForURL(`${siteUrl}/dashboard/sessions?tab=past&category=Breathwork`);
    await panel.getByText('No past sessions available.').waitFor();
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    await page.waitForURL(`${siteUrl}/dashboard/sessions?category=Breathwork`);
    await panel.getByText(soon.title).waitFor();
    await page.getByLabel('Category').selectOption('Meditation');
    await panel.getByText('No upcoming sessions booked.').waitFor();
    // Opened from its address, the filtered tab shows the same.
    await page.goto(`${siteUrl}/dashboard/sessions?tab=past&category=Meditation`);
    await page.getByRole('tabpanel').getByText(before.title).waitFor();
    expect(await page.getByLabel('Category').inputValue()).toBe('Meditation');

    // Past sessions.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Past Sessions' }).click();
    await page.waitForURL(`${siteUrl}/dashboard/past-sessions`);
    await page.getByRole('heading', { level: 1, name: 'Past Sessions' }).waitFor();
    await visible(page, before.title);
    expect(await page.getByText(soon.title).count()).toBe(0);
    await expectCleanAtBothWidths(page, () => visible(page, before.title));
    await page.close();
  });

  it('shows a new member every empty state', async () => {
    // A premium recording the member has not bought is never listed as theirs.
    const locked = await createRecording({ title: `Locked Breath ${ulid().slice(-6)}` });
    const ana = await member('ana');
    const page = await open(phone);
    await signIn(page, ana.email, ana.password);
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await expectCleanAtBothWidths(page, async () => {
      await page.getByRole('region', { name: 'Upcoming Sessions' }).getByText('No upcoming sessions booked.').waitFor();
      await page.getByRole('region', { name: 'Past Sessions' }).getByText('No past sessions available.').waitFor();
      // Free recordings are every member's: only a library with none of those leaves the card empty.
      const card = page.getByRole('region', { name: 'My Resources' });
      await card
        .getByText('No resources found')
        .or(card.getByRole('list', { name: 'Your recordings' }))
        .waitFor();
      expect(await card.getByText(locked.title).count()).toBe(0);
    });

    const pages: [string, string][] = [
      ['/dashboard/sessions', 'No upcoming sessions booked.'],
      ['/dashboard/sessions?tab=past', 'No past sessions available.'],
      ['/dashboard/past-sessions', "You haven't attended any sessions yet."],
    ];
    for (const [path, empty] of pages) {
      await page.goto(`${siteUrl}${path}`);
      await expectCleanAtBothWidths(page, () => visible(page, empty));
    }
    // Free recordings are every member's: only a library with none of those is empty here.
    await page.goto(`${siteUrl}/dashboard/resources`);
    await expectCleanAtBothWidths(page, () => page.getByRole('link', { name: 'Explore Recordings' }).first().waitFor());
    await page.close();
  });

  it('prefills the booking form with the member’s own name and address, and shows the booking on the dashboard at once', async () => {
    const kai = await member('kai');
    const renamed = await api('/me/profile', {
      method: 'PUT',
      headers: { authorization: `Bearer ${kai.token}` },
      body: JSON.stringify({ fullName: 'Kai van der Berg' }),
    });
    expect(renamed.status).toBe(200);
    const session = await createSession({
      title: `Booked While Signed In ${ulid().slice(-6)}`,
      startTime: new Date(Date.now() + days(1) / 24).toISOString(),
    });
    const page = await open(desktop);
    await signIn(page, kai.email, kai.password);
    const upcoming = page.getByRole('region', { name: 'Upcoming Sessions' });
    await upcoming.getByText('No upcoming sessions booked.').waitFor();

    // Within the site, as a member goes: the schedule, the session, Book Now, then back to the dashboard.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Full Schedule' }).click();
    await page.getByRole('region', { name: 'UPCOMING SESSIONS' }).getByRole('link', { name: session.title, exact: true }).click();
    await page.getByRole('button', { name: 'Book Now' }).click();
    // Their name from their profile, which they changed since signing up, and their address; still theirs to change.
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Kai');
    expect(await page.getByLabel('Last name').inputValue()).toBe('van der Berg');
    expect(await page.getByLabel('Email').inputValue()).toBe(kai.email);
    await page.getByLabel('Last name').fill('Member');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.waitForURL(/\/booking-confirmation\?bookingId=/);
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${siteUrl}/dashboard`);
    await upcoming.getByText(session.title, { exact: true }).waitFor({ timeout: 5_000 });
    await page.close();
  });

  it('opens the menu on a phone, moves focus into it, closes it with Escape, and navigates from it', async () => {
    const lee = await member('lee');
    const page = await open(phone);
    await signIn(page, lee.email, lee.password);
    // No sidebar on a phone: a visible button opens the menu.
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).count()).toBe(0);
    const menuButton = page.getByRole('button', { name: 'Dashboard menu' });
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Dashboard menu' });
    await menu.waitFor();
    expect(await page.evaluate("!!document.activeElement?.closest('dialog[open]')")).toBe(true);
    expect(await menu.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await expectCleanPage(page);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate('document.activeElement?.textContent')).toContain('Dashboard menu');

    await menuButton.click();
    await menu.getByRole('link', { name: 'My Resources' }).click();
    await page.waitForURL(`${siteUrl}/dashboard/resources`);
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'My Resources' }).waitFor();
    await menuButton.click();
    expect(await menu.getByRole('link', { name: 'My Resources' }).getAttribute('aria-current')).toBe('page');

    // Sign Out from the menu: home with the notice.
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${siteUrl}/`);
    await page.getByText('Logged out', { exact: true }).waitFor();
    expect(await page.evaluate('window.cspViolations')).toEqual([]);
    await page.close();
  });

  it('starts every dashboard page at the same place, each reached from the sidebar, My Bookings too', async () => {
    const mia = await member('mia');
    const page = await open(desktop);
    await signIn(page, mia.email, mia.password);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    const pages: [string, string, string | RegExp][] = [
      ['Upcoming Sessions', '/dashboard/sessions', 'My Sessions'],
      ['Past Sessions', '/dashboard/past-sessions', 'Past Sessions'],
      ['My Bookings', '/dashboard/bookings', 'My Bookings'],
      ['My Resources', '/dashboard/resources', 'My Resources'],
      ['Profile', '/dashboard/settings', 'Profile'],
      ['Home', '/dashboard', /^Welcome, /],
    ];
    /** Where the page's heading and its 'Dashboard' eyebrow are, and how wide its content runs. */
    const placeOf = async (heading: string | RegExp) => {
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      const box = (await h1.boundingBox())!;
      const section = (await page.locator('main section').first().boundingBox())!;
      return { x: box.x, y: box.y, left: section.x, width: section.width };
    };
    const places: Record<string, Awaited<ReturnType<typeof placeOf>>> = {};
    for (const [link, path, heading] of pages) {
      await nav.getByRole('link', { name: link }).click();
      await page.waitForURL(`${siteUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await nav.getByRole('link', { name: link }).getAttribute('aria-current'), link).toBe('page');
      expect(await nav.locator('[aria-current="page"]').count(), link).toBe(1);
      places[link] = await placeOf(heading);
    }
    for (const [link] of pages) expect(places[link], link).toEqual(places.Home);

    // On a phone too: the same place on every page, under the menu button.
    await page.setViewportSize(phone);
    const phonePlaces = new Set<string>();
    for (const [, path, heading] of pages) {
      await page.goto(`${siteUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      phonePlaces.add(JSON.stringify(await placeOf(heading)));
    }
    expect([...phonePlaces]).toHaveLength(1);
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.getByRole('dialog', { name: 'Dashboard menu' }).getByRole('link', { name: 'My Bookings' }).click();
    await page.waitForURL(`${siteUrl}/dashboard/bookings`);
    await page.getByRole('heading', { level: 1, name: 'My Bookings' }).waitFor();
    await page.close();
  });

  it('sends a member to sign in again when they sign out in another tab, and back afterwards', async () => {
    const ola = await member('ola');
    // Two tabs of one browser: they share Amplify's keys in localStorage.
    const context = await browser().newContext({ viewport: desktop });
    const first = await context.newPage();
    await signIn(first, ola.email, ola.password);
    await first.goto(`${siteUrl}/dashboard/sessions`);
    await first.getByRole('heading', { level: 1, name: 'My Sessions' }).waitFor();

    const second = await context.newPage();
    await second.goto(`${siteUrl}/dashboard`);
    await second.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Sign Out' }).click();
    await second.waitForURL(`${siteUrl}/`);

    await first.waitForURL(`${siteUrl}/sign-in`);
    await first.getByLabel('Email', { exact: true }).fill(ola.email);
    await first.getByLabel('Password', { exact: true }).fill(ola.password);
    await first.getByRole('button', { name: 'Sign In', exact: true }).click();
    await first.waitForURL(`${siteUrl}/dashboard/sessions`);
    await context.close();
  });
});
