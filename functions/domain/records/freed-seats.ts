import { outboxEvent } from '../../outbox/outbox';
import { offerCutoff } from '../../schemas/waitlist';
import type { BookingRecord } from './bookings';
import { getSession, seatCounters, type SessionRecord } from './sessions';

/** Whether a seat given back now goes to the session's waitlist: people wait, and offers are still made. */
export const keptForWaitlist = (session: Pick<SessionRecord, 'waitlistCount' | 'startTime' | 'cancelled'>, now: Date) =>
  !session.cancelled && (session.waitlistCount ?? 0) > 0 && now.toISOString() < offerCutoff(session.startTime);

/**
 * The seat a booking gives back (a cancellation, a hold ended unpaid), as items of the
 * transaction that ends it. While people wait and offers are still made, the seat stays taken
 * but is kept for the waitlist, and WaitlistSeatFreed has it offered to the first in line
 * (waitlist-offers.ts), so nobody else can book it meanwhile; otherwise it is free for anyone.
 * The choice is made on the session as read and the update is conditioned on it: a transaction
 * refused on `counters` read the waitlist as it no longer is, and is built again.
 */
export async function seatGivenBack(booking: Pick<BookingRecord, 'id' | 'sessionId'>, now: Date, { held }: { held: boolean }) {
  const session = await getSession(booking.sessionId, { consistent: true });
  const heldSeat = held ? { seatsHeld: -1 } : {};
  if (session && keptForWaitlist(session, now)) {
    return {
      counters: seatCounters(
        booking.sessionId,
        { seatsForWaitlist: 1, ...heldSeat },
        { condition: 'waitlistCount > :none', values: { ':none': 0 } },
      ),
      offerEvent: outboxEvent(
        'WaitlistSeatFreed',
        { sessionId: booking.sessionId, bookingId: booking.id, freedAt: now.toISOString() },
        now,
      ),
    };
  }
  const stillOffering = session !== undefined && !session.cancelled && now.toISOString() < offerCutoff(session.startTime);
  return {
    counters: seatCounters(
      booking.sessionId,
      { seatsTaken: -1, ...heldSeat },
      stillOffering
        ? { condition: 'attribute_not_exists(waitlistCount) OR waitlistCount = :none', values: { ':none': 0 } }
        : undefined,
    ),
    offerEvent: undefined,
  };
}

/**
 * Free seats of a session while people wait and offers are still made (a raised capacity makes
 * them): as many as wait beyond the kept seats not yet offered, at most the free seats. Kept for
 * the waitlist, as a seat given back is. Should a seat be given back meanwhile, the surplus kept
 * seat is freed for anyone by the offers (waitlist-offers.ts) once nobody is left waiting.
 */
export function seatsFreedForWaitlist(
  session: Pick<
    SessionRecord,
    'maxAttendees' | 'seatsTaken' | 'waitlistCount' | 'seatsForWaitlist' | 'seatsOffered' | 'startTime'
  >,
  now: Date,
): number {
  if (!keptForWaitlist(session, now)) return 0;
  const unoffered = (session.seatsForWaitlist ?? 0) - (session.seatsOffered ?? 0);
  const waitingBeyondKept = Math.max(0, session.waitlistCount - unoffered);
  const free = session.maxAttendees === undefined ? waitingBeyondKept : Math.max(0, session.maxAttendees - session.seatsTaken);
  return Math.min(waitingBeyondKept, free);
}
