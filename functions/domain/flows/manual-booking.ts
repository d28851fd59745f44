import { ulid } from 'ulid';
import type { Caller } from '../../lib/auth';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { newLinkSecret } from '../../lib/link-token';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import type { ManualBookingRequest } from '../../schemas/booking';
import { SESSION_FULL } from '../../schemas/admin-session';
import { auditEntry } from '../records/audit';
import { transitionEvent } from '../records/booking-events';
import { attendeeGuard, bookingFacts, bookingItem, sessionSnapshot, type BookingRecord } from '../records/bookings';
import { endTime, enterSeat, getSession, SESSION_CANCELLED, type SessionRecord } from '../records/sessions';

/**
 * A booking the administrator takes herself ('Add attendee': at the door, by phone, by message):
 * confirmed at once, paid in cash or by bank transfer at the session's price, or complimentary. It
 * takes a seat like any booking, until the session ends, and beyond the capacity only when she has
 * confirmed it; the booking, its seat, the address's one place, the audit entry and
 * BookingConfirmed are one transaction, so the attendee gets the same confirmation, calendar entry
 * and manage link as anyone who booked, and the order shows how it was paid.
 */
export async function enterBooking(
  session: SessionRecord,
  request: ManualBookingRequest,
  actor: Pick<Caller, 'userId' | 'email'>,
  now: Date,
): Promise<BookingRecord> {
  const booking: BookingRecord = {
    id: ulid(now.getTime()),
    sessionId: session.id,
    firstName: request.firstName,
    lastName: request.lastName,
    attendeeName: `${request.firstName} ${request.lastName}`,
    attendeeEmail: request.email,
    state: 'confirmed',
    price: { amount: request.payment === 'complimentary' ? 0 : session.priceAmount, currency: session.priceCurrency },
    paidBy: request.payment,
    session: sessionSnapshot(session),
    createdAt: now.toISOString(),
    manageSecret: newLinkSecret(),
  };
  const refusal = await transactNamed({
    booking: { Put: { TableName: tableName(), Item: bookingItem(booking), ConditionExpression: 'attribute_not_exists(pk)' } },
    seat: enterSeat(session, now, { beyondCapacity: request.beyondCapacity === true }),
    attendee: attendeeGuard(booking),
    audit: auditEntry({ kind: 'booking', id: booking.id }, 'booking.entered', actor, now, {
      sessionId: session.id,
      payment: request.payment,
      ...(request.beyondCapacity && { beyondCapacity: true }),
    }),
    event: transitionEvent('enter', bookingFacts(booking), now),
  });
  if (!refusal) return booking;
  if (refusal.refused('attendee')) throw conflict('This email address already has a booking for this session.');
  if (refusal.refused('seat')) throw await seatRefusal(session.id, now);
  throw new Error(`Entering a booking for session ${session.id} was refused for no known reason`);
}

/** Why a seat could not be entered, as the session now is. */
async function seatRefusal(sessionId: string, now: Date): Promise<HttpError> {
  const session = await getSession(sessionId, { consistent: true });
  if (!session || session.draft) return notFound('Session not found');
  if (session.cancelled) return conflict(SESSION_CANCELLED);
  if (Date.parse(endTime(session)) <= now.getTime()) return conflict('This session has ended.');
  return new HttpError(409, `This session is full: all ${session.maxAttendees} seats are taken.`, undefined, {
    code: SESSION_FULL,
  });
}
