import * as z from 'zod/mini';
import { httpRoute, signedIn } from '../lib/http';
import { PageQuery } from '../lib/paging';
import { listMemberBookings } from '../domain/records/bookings';
import { memberBookingSummary } from '../domain/records/booking-views';
import { lineOfText } from '../schemas/text';
import { bookingStatusViews, bookingTimes, type MemberBookingsPage } from '../schemas/member';
import { impersonatedCaller } from '../domain/records/impersonations';

// Answers MemberBookingsPage: { bookings: [{ id, status, paymentStatus, session: { id, title, startTime, endTime, location, locationType, category } }], nextCursor }.
const MyBookingsQuery = z.extend(PageQuery, {
  when: z._default(z.enum(bookingTimes, { error: 'When must be upcoming or past' }), 'upcoming'),
  category: z.optional(lineOfText('Category', 100)),
  status: z._default(z.enum(bookingStatusViews, { error: 'Status must be attending or all' }), 'attending'),
});

/** The caller's own bookings, upcoming or past, of one category if asked, a page at a time. */
export const handler = httpRoute(
  { query: MyBookingsQuery },
  async (input) => {
    const { userId } = signedIn(input);
    const { when, category, status, ...page } = input.query;
    const found = await listMemberBookings(userId, { when, category, statuses: status }, page, new Date());
    const body: MemberBookingsPage = { bookings: found.items.map(memberBookingSummary), nextCursor: found.nextCursor };
    return { body };
  },
  { viewAsMember: impersonatedCaller },
);
