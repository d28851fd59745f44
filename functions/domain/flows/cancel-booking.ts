import type { Caller } from '../../lib/auth';
import { conflict } from '../../lib/errors';
import { transactNamed } from '../../lib/transactions';
import { bookingFacts, freeAttendeePlace, getBooking, type BookingRecord } from '../records/bookings';
import { cancellableUntil } from '../../schemas/booking';
import { isCancellable, transitionUpdate, type EndedBy } from '../records/booking-lifecycle';
import { transitionEvent } from '../records/booking-events';
import { auditEntry, type AuditItem } from '../records/audit';
import { countCodeUse } from '../records/discounts';
import { getPayment, refundDue } from '../records/payment-records';
import { giveBackAddressSeat } from '../records/sessions';
import { seatGivenBack } from '../records/freed-seats';
import { formatWhen } from '../../lib/when';

/** What a cancellation did: cancelled it now, or found it already cancelled (nothing moves twice). */
export type CancellationOutcome = 'cancelled' | 'already_cancelled';

/**
 * Cancels a confirmed booking before the cut-off, for its attendee. Cancelling again changes
 * nothing.
 */
export async function cancelBooking(booking: BookingRecord, by: EndedBy, now: Date): Promise<CancellationOutcome> {
  if (booking.state === 'cancelled' || booking.state === 'refunded') return 'already_cancelled';
  if (!isCancellable(booking, now)) throw notCancellable(booking);
  return endConfirmedBooking(booking, { transition: 'cancel', endReason: 'cancelled', by }, now, () => notCancellable(booking));
}

/**
 * Removes a confirmed booking's attendee, for the administrator: at any time before the session
 * starts, with the same refund and e-mail as a cancellation, and an audit entry of who did it.
 */
export async function removeAttendee(
  booking: BookingRecord,
  actor: Pick<Caller, 'userId' | 'email'>,
  now: Date,
  // What the history calls it: the orders page's refund and status change are removals too.
  action: 'booking.removed' | 'booking.refunded' | 'booking.status-changed' = 'booking.removed',
) {
  if (booking.state === 'cancelled' || booking.state === 'refunded') return 'already_cancelled';
  const refusal = () => conflict('Only a confirmed booking of a session that has not started can be removed.');
  if (booking.state !== 'confirmed' || booking.session.startTime <= now.toISOString()) throw refusal();
  const audit = auditEntry({ kind: 'booking', id: booking.id }, action, actor, now, {
    sessionId: booking.sessionId,
    ...(action === 'booking.status-changed' && { paymentStatus: 'cancelled' }),
  });
  return endConfirmedBooking(booking, { transition: 'remove', endReason: 'removed', by: 'admin', audit }, now, refusal);
}

/**
 * Ends a confirmed booking of a session the administrator cancelled (cancel-session.ts): as a
 * removal, its payment refunded in full, its attendee told the session is cancelled.
 */
export async function endWithCancelledSession(booking: BookingRecord, now: Date): Promise<CancellationOutcome> {
  if (booking.state !== 'confirmed') return 'already_cancelled';
  return endConfirmedBooking(booking, { transition: 'remove', endReason: 'session_cancelled', by: 'admin' }, now, () =>
    conflict('Only a confirmed booking can be ended with its session.'),
  );
}

/**
 * Ends a confirmed booking as one transaction conditioned on it still being confirmed: the
 * booking moved along `transition` with why and who, its seat given back (to the waitlist, if
 * people wait), its address's place and its client address's seat given back, a one-time code
 * usable again, a paid booking's money owed back (a Refund, due), the audit entry if any, and
 * BookingCancelled in the outbox. A booking found already cancelled changes nothing more.
 */
async function endConfirmedBooking(
  booking: BookingRecord,
  how: {
    transition: 'cancel' | 'remove';
    endReason: 'cancelled' | 'removed' | 'session_cancelled';
    by: EndedBy;
    audit?: AuditItem;
  },
  now: Date,
  refused: () => Error,
): Promise<CancellationOutcome> {
  const payment = booking.checkoutSessionId ? await getPayment(booking.checkoutSessionId) : undefined;
  const paid =
    payment?.state === 'paid' && payment.paymentIntentId ? { ...payment, paymentIntentId: payment.paymentIntentId } : undefined;
  const at = now.toISOString();
  const seat = await seatGivenBack(booking, now, { held: false });
  const refusal = await transactNamed({
    booking: transitionUpdate(how.transition, booking.id, now, {
      set: { endedAt: at, endReason: how.endReason, endedBy: how.by, ...(paid && { refundAmount: paid.amount }) },
    }),
    seat: seat.counters,
    waitlist: seat.offerEvent,
    attendee: freeAttendeePlace(booking),
    addressSeats: booking.addressSeatsKey !== undefined && giveBackAddressSeat(booking.addressSeatsKey),
    discount: booking.discountCode !== undefined && countCodeUse(booking.discountCode, -1),
    ...(paid &&
      refundDue(
        {
          subject: { kind: 'booking', id: booking.id },
          paymentIntentId: paid.paymentIntentId,
          amount: paid.amount,
          reason: 'cancelled',
        },
        now,
      )),
    audit: how.audit,
    event: transitionEvent(how.transition, { ...bookingFacts(booking), refund: paid ? booking.price : null }, now),
  });
  if (!refusal) return 'cancelled';
  // A deleted code has nothing to give back; a waitlist that changed meanwhile is read again.
  if (refusal.refused('discount')) return endConfirmedBooking({ ...booking, discountCode: undefined }, how, now, refused);
  if (refusal.refused('seat')) return endConfirmedBooking(booking, how, now, refused);
  if (refusal.refused('booking')) {
    const current = await getBooking(booking.id, { consistent: true });
    if (current?.state === 'cancelled' || current?.state === 'refunded') return 'already_cancelled';
    throw refused();
  }
  throw new Error(`Ending booking ${booking.id} was refused for no known reason`);
}

const notCancellable = (booking: BookingRecord) =>
  conflict(
    booking.state === 'confirmed'
      ? `This booking can no longer be cancelled: cancellation closed ${formatWhen(cancellableUntil(booking.session.startTime))}.`
      : 'Only a confirmed booking can be cancelled.',
  );
