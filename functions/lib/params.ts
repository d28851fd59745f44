import * as z from 'zod/mini';

/** Path ids are ULIDs or UUIDs: short, URL-safe strings. */
const pathId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid id'));

export const IdParams = z.object({ id: pathId });

/** `/admin/sessions/{id}/attendees/{bookingId}`. */
export const SessionBookingParams = z.object({ id: pathId, bookingId: pathId });

/** `/admin/sessions/{id}/waitlist/{entryId}`. */
export const SessionWaitlistParams = z.object({ id: pathId, entryId: pathId });
