import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { AttendeeMessage, type AttendeeMessageReceipt } from '../schemas/admin-session';
import { messageAttendees } from '../domain/flows/attendee-notices';

/** 'Message attendees': the administrator's note, on its way to everyone booked on the session (202). */
export const handler = httpRoute({ params: IdParams, body: AttendeeMessage }, async (input) => {
  const receipt: AttendeeMessageReceipt = await messageAttendees(input.params.id, input.body, signedIn(input), new Date());
  return { status: 202, body: receipt };
});
