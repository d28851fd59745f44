import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { parse } from 'csv-parse/sync';
import type { AdminAttendeePage } from '../../functions/schemas/admin-session';
import type { BookingReceipt } from '../../functions/schemas/booking';
import type { MemberBookingsPage } from '../../functions/schemas/member';
import type { AdminOverview } from '../../functions/schemas/overview';
import { api, siteUrl, visitorAddress } from '../support/stack';
import { createSession } from '../support/sessions';
import { signedInUser } from '../support/users';

const newEmail = (name: string) => `${name}-${ulid().toLowerCase()}@example.com`;

let adminToken: string | undefined;
async function asAdmin<T>(path: string, init: RequestInit = {}) {
  adminToken ??= await signedInUser(newEmail('check-in'), { admin: true });
  return api<T & { message?: string }>(`/admin${path}`, { ...init, headers: { authorization: `Bearer ${adminToken}` } });
}
const book = async (sessionId: string, firstName: string) =>
  (
    await api<BookingReceipt>(`/sessions/${sessionId}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName, lastName: 'Present', email: newEmail(firstName.toLowerCase()) }),
    })
  ).body.booking.id;
const mark = (sessionId: string, bookingId: string, attendance: string | null) =>
  asAdmin<{ attendance: string | null }>(`/sessions/${sessionId}/attendees/${bookingId}/attendance`, {
    method: 'PUT',
    body: JSON.stringify({ attendance }),
  });
/** This week's attendance on the overview: the sessions below start within the hour, in it. */
const weekAttendance = async () => {
  const week = (await asAdmin<AdminOverview>('/overview')).body.weeks.at(-1)!;
  return { attended: week.attended, noShows: week.noShows };
};

describe('check-in', () => {
  it('marks who came and who did not, counts each attendee once on the overview, and shows it in the attendee list and CSV', async () => {
    const session = await createSession({
      title: `Check In ${ulid()}`,
      startTime: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    const [ada, ben] = [await book(session.id, 'Ada'), await book(session.id, 'Ben')];
    const before = await weekAttendance();

    expect((await mark(session.id, ada, 'attended')).body.attendance).toBe('attended');
    expect((await mark(session.id, ben, 'no_show')).body.attendance).toBe('no_show');
    // Ben arrives late; two phones mark him at once: he is counted once.
    const late = await Promise.all([mark(session.id, ben, 'attended'), mark(session.id, ben, 'attended')]);
    expect(late.map((answer) => answer.body.attendance)).toEqual(['attended', 'attended']);
    expect(await weekAttendance()).toEqual({ attended: before.attended + 2, noShows: before.noShows });
    // A mark taken back is counted back.
    expect((await mark(session.id, ada, null)).body.attendance).toBeNull();
    expect(await weekAttendance()).toEqual({ attended: before.attended + 1, noShows: before.noShows });

    const list = await asAdmin<AdminAttendeePage>(`/sessions/${session.id}/attendees`);
    expect(list.body.attendees.map((attendee) => [attendee.name, attendee.attendance])).toEqual([
      ['Ada Present', null],
      ['Ben Present', 'attended'],
    ]);
    const csv = await fetch(`${siteUrl}/api/admin/sessions/${session.id}/attendees.csv`, {
      headers: { authorization: `Bearer ${adminToken}`, 'cloudfront-viewer-address': visitorAddress() },
    });
    const rows: string[][] = parse(await csv.text(), { bom: true });
    expect(rows.map((row) => row[5])).toEqual(['Attendance', '', 'Attended']);
    const history = await asAdmin<{ history: { action: string }[] }>(`/sessions/${session.id}`);
    expect(history.status).toBe(200);
  });

  it('shows a member the sessions they were checked in at as attended', async () => {
    const session = await createSession({ startTime: new Date(Date.now() + 45 * 60_000).toISOString() });
    const email = newEmail('member');
    const member = await signedInUser(email);
    const booked = await api<BookingReceipt>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member}` },
      body: JSON.stringify({ firstName: 'Mo', lastName: 'Member', email }),
    });
    const mine = async () =>
      (await api<MemberBookingsPage>('/me/bookings?when=upcoming', { headers: { authorization: `Bearer ${member}` } })).body
        .bookings;
    expect((await mine()).map((booking) => booking.attended)).toEqual([false]);
    await mark(session.id, booked.body.booking.id, 'attended');
    expect((await mine()).map((booking) => booking.attended)).toEqual([true]);
  });

  it('opens 12 hours before the session, for confirmed bookings of that session only, with a mark it knows', async () => {
    const later = await createSession({ startTime: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    const booking = await book(later.id, 'Early');
    expect((await mark(later.id, booking, 'attended')).body.message).toBe('Check-in opens 12 hours before the session starts.');
    const soon = await createSession({ startTime: new Date(Date.now() + 60 * 60_000).toISOString() });
    const other = await book(soon.id, 'Other');
    expect((await mark(later.id, other, 'attended')).status).toBe(404);
    const wrong = await mark(soon.id, other, 'maybe');
    expect(wrong.status).toBe(400);
    expect(
      (
        await api(`/admin/sessions/${soon.id}/attendees/${other}/attendance`, {
          method: 'PUT',
          body: '{"attendance":"attended"}',
        })
      ).status,
    ).toBe(401);
  });
});
