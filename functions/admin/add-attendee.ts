import { httpRoute, signedIn } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { ManualBookingRequest } from '../schemas/booking';
import type { ManualBookingReceipt } from '../schemas/admin-session';
import { getSession } from '../domain/records/sessions';
import { enterBooking } from '../domain/flows/manual-booking';

/** 'Add attendee': a booking the administrator took herself, paid in cash, by transfer, or complimentary (201). */
export const handler = httpRoute({ params: IdParams, body: ManualBookingRequest }, async (input) => {
  const session = await getSession(input.params.id);
  if (!session || session.draft) throw notFound('Session not found');
  const booking = await enterBooking(session, input.body, signedIn(input), new Date());
  const receipt: ManualBookingReceipt = { bookingId: booking.id, attendeeName: booking.attendeeName };
  return { status: 201, body: receipt };
});
