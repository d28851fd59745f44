import { httpRoute, signedIn } from '../lib/http';
import { notFound } from '../lib/errors';
import { SessionBookingParams } from '../lib/params';
import { AttendanceRequest } from '../schemas/booking';
import { getBooking } from '../domain/records/bookings';
import { markAttendance } from '../domain/flows/attendance';

/** Check-in: the administrator marks an attendee as come or not (null takes the mark back). */
export const handler = httpRoute({ params: SessionBookingParams, body: AttendanceRequest }, async (input) => {
  const booking = await getBooking(input.params.bookingId);
  if (booking?.sessionId !== input.params.id) throw notFound('Booking not found');
  return { body: { attendance: await markAttendance(booking, input.body.attendance, signedIn(input), new Date()) } };
});
