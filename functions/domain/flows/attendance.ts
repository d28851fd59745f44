import type { Caller } from '../../lib/auth';
import { conflict } from '../../lib/errors';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import type { Attendance } from '../../schemas/booking';
import { auditEntry } from '../records/audit';
import { getBooking, type BookingRecord } from '../records/bookings';
import { bookingKey } from '../records/keys';
import { attendanceCounted } from '../records/overview';

/** How long before a session starts its check-in opens: on its day, as people arrive. */
export const CHECK_IN_OPENS_HOURS = 12;

/**
 * Marks whether a confirmed attendee came (or takes the mark back, with null): the booking, the
 * attendance counters of the overview's week the session falls in, and the audit entry, in one
 * transaction conditioned on the mark being the one read, so two phones marking at once never
 * count one attendee twice. Answers the mark the booking now has.
 */
export async function markAttendance(
  booking: BookingRecord,
  mark: Attendance | null,
  actor: Pick<Caller, 'userId' | 'email'>,
  now: Date,
): Promise<Attendance | null> {
  if (booking.state !== 'confirmed') throw conflict('Only a confirmed booking can be checked in.');
  if (Date.parse(booking.session.startTime) - CHECK_IN_OPENS_HOURS * 3_600_000 > now.getTime())
    throw conflict(`Check-in opens ${CHECK_IN_OPENS_HOURS} hours before the session starts.`);
  const previous = booking.attendance ?? null;
  if (previous === mark) return mark;
  const refusal = await transactNamed({
    booking: {
      Update: {
        TableName: tableName(),
        Key: bookingKey(booking.id),
        UpdateExpression: mark ? 'SET attendance = :mark' : 'REMOVE attendance',
        ConditionExpression: `#state = :confirmed AND ${previous ? 'attendance = :previous' : 'attribute_not_exists(attendance)'}`,
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':confirmed': 'confirmed',
          ...(mark && { ':mark': mark }),
          ...(previous && { ':previous': previous }),
        },
      },
    },
    week: attendanceCounted(booking.session.startTime, { from: previous, to: mark }),
    audit: auditEntry({ kind: 'booking', id: booking.id }, 'booking.attendance-marked', actor, now, {
      sessionId: booking.sessionId,
      attendance: mark,
      previous,
    }),
  });
  if (!refusal) return mark;
  // Marked (or cancelled) meanwhile: the mark is set on the booking as it now is.
  const current = await getBooking(booking.id, { consistent: true });
  if (!current) throw conflict('Only a confirmed booking can be checked in.');
  return markAttendance(current, mark, actor, now);
}
