import { csvFile } from '../../lib/csv';
import { allPages } from '../../lib/paging';
import { formatSortableTime, siteTimeZone } from '../../lib/when';
import { shownStatus } from './booking-lifecycle';
import { listSessionBookings, type BookingRecord } from './bookings';
import type { SessionRecord } from './sessions';

/** The session's bookings that hold or await a seat, oldest first: what its Attendees tab lists. */
async function attendeesOf(sessionId: string): Promise<BookingRecord[]> {
  const bookings = await allPages((page) => listSessionBookings(sessionId, page));
  return bookings.filter((booking) => shownStatus(booking).status !== 'cancelled');
}

const attendanceText = { attended: 'Attended', no_show: 'No-show', unmarked: '' } as const;

/** 'Morning Breath & Tea' on 9 June 2026: 'morning-breath-tea-2026-06-09-attendees.csv'. */
function fileName(session: Pick<SessionRecord, 'title' | 'startTime'>): string {
  const words = session.title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${words || 'session'}-${formatSortableTime(session.startTime).slice(0, 10)}-attendees.csv`;
}

/**
 * The session's attendees as a spreadsheet: name, e-mail, phone (where they gave one), status and
 * payment as the site shows them, whether they came as marked at check-in, and when they booked in
 * the teacher's zone.
 */
export async function attendeesCsv(session: SessionRecord): Promise<{ fileName: string; content: string }> {
  const rows = (await attendeesOf(session.id)).map((booking) => {
    const { status, paymentStatus } = shownStatus(booking);
    return [
      booking.attendeeName,
      booking.attendeeEmail,
      booking.phone ?? '',
      status,
      paymentStatus,
      attendanceText[booking.attendance ?? 'unmarked'],
      formatSortableTime(booking.createdAt),
    ];
  });
  const heading = ['Name', 'Email', 'Phone', 'Status', 'Payment', 'Attendance', `Booked at (${siteTimeZone()})`];
  return { fileName: fileName(session), content: csvFile([heading, ...rows]) };
}
