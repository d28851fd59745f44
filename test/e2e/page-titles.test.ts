import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';
import { signedInUser } from '../support/users';
import { desktop, newAddress, openPage, signInAt, useBrowser } from '../support/browser';

const browser = useBrowser();

describe("each page's title in the browser's tab", () => {
  it('names the page, then the site, and changes as the visitor moves through the site', async () => {
    const session = await createSession({ title: `Full Moon Breath ${ulid().slice(-6)}` });
    const email = newAddress('titles');
    await signedInUser(email, { password: 'titles-password', name: 'Tia Tester' });
    const page = await openPage(browser(), desktop);
    /** The page at `path`, once shown: its title, which its page sets as it appears. */
    const expectTitle = async (path: string, ready: () => Promise<unknown>, title: string) => {
      await page.goto(`${siteUrl}${path}`);
      await ready();
      await expect.poll(() => page.title(), { message: path }).toBe(title);
    };

    const signedOut: [string, () => Promise<unknown>, string][] = [
      [
        '/',
        () => page.getByRole('heading', { name: 'UPCOMING SESSIONS' }).waitFor(),
        'Breathwork · Live sessions and recordings',
      ],
      [
        `/sessions/${session.id}`,
        () => page.getByRole('heading', { level: 1, name: session.title }).waitFor(),
        `${session.title} · Breathwork`,
      ],
      [`/sessions/${ulid()}`, () => page.getByText('Session not found').waitFor(), 'Session not found · Breathwork'],
      ['/sign-in', () => page.getByRole('tab', { name: 'Sign In' }).waitFor(), 'Sign In · Breathwork'],
      ['/sign-in?tab=sign-up', () => page.getByLabel('First name').waitFor(), 'Create Account · Breathwork'],
      [
        '/update-password',
        () => page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor(),
        'Invalid Reset Link · Breathwork',
      ],
      [
        '/no-such-page',
        () => page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor(),
        'Page not found · Breathwork',
      ],
    ];
    for (const [path, ready, title] of signedOut) await expectTitle(path, ready, title);

    // In the site, without a reload: the title follows the page.
    await page.goto(siteUrl);
    await page.getByRole('link', { name: session.title, exact: true }).first().click();
    await page.waitForURL(`${siteUrl}/sessions/${session.id}`);
    await expect.poll(() => page.title()).toBe(`${session.title} · Breathwork`);
    await page.getByRole('link', { name: '← Back to sessions' }).click();
    await expect.poll(() => page.title()).toBe('Breathwork · Live sessions and recordings');

    await signInAt(page, '/dashboard', email, 'titles-password');
    const dashboard: [string, string][] = [
      ['/dashboard', 'Dashboard'],
      ['/dashboard/sessions', 'My Sessions'],
      ['/dashboard/past-sessions', 'Past Sessions'],
      ['/dashboard/bookings', 'My Bookings'],
      ['/dashboard/resources', 'My Resources'],
      ['/dashboard/settings', 'Profile'],
    ];
    for (const [path, heading] of dashboard) {
      const ready = () => page.getByRole('heading', { level: 1, name: heading === 'Dashboard' ? /^Welcome/ : heading }).waitFor();
      await expectTitle(path, ready, `${heading} · Breathwork`);
    }
    await page.close();
  });
});
