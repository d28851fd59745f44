import { conflict } from '../lib/errors';
import { transactNamed } from '../lib/transactions';
import { bookingFacts, freeAttendeePlace, getBooking, type BookingRecord } from './bookings';
import { cancellableUntil } from '../schemas/booking';
import { isCancellable, transitionUpdate, type EndedBy } from './booking-lifecycle';
import { transitionEvent } from './booking-events';
import { countCodeUse } from './discounts';
import { getPayment, refundDue } from './payment-records';
import { giveBackAddressSeat } from './seat-holds';
import { seatGivenBack } from './freed-seats';
import { formatWhen } from '../lib/when';

/** What a cancellation did: cancelled it now, or found it already cancelled (nothing moves twice). */
export type CancellationOutcome = 'cancelled' | 'already_cancelled';

/**
 * Cancels a confirmed booking before the cut-off, as one transaction conditioned on it still
 * being confirmed: the booking cancelled with who did it, its seat (to the waitlist, if people wait), its address's place and its
 * client address's seat given back, a one-time code usable again, a paid booking's money owed
 * back (a Refund, due), and BookingCancelled in the outbox. Cancelling again changes nothing.
 */
export async function cancelBooking(booking: BookingRecord, by: EndedBy, now: Date): Promise<CancellationOutcome> {
  if (booking.state === 'cancelled' || booking.state === 'refunded') return 'already_cancelled';
  if (!isCancellable(booking, now)) throw notCancellable(booking);
  const payment = booking.checkoutSessionId ? await getPayment(booking.checkoutSessionId) : undefined;
  const paid =
    payment?.state === 'paid' && payment.paymentIntentId ? { ...payment, paymentIntentId: payment.paymentIntentId } : undefined;
  const at = now.toISOString();
  const seat = await seatGivenBack(booking, now, { held: false });
  const refusal = await transactNamed({
    booking: transitionUpdate('cancel', booking.id, now, { set: { endedAt: at, endReason: 'cancelled', endedBy: by } }),
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
    event: transitionEvent('cancel', { ...bookingFacts(booking), refund: paid ? booking.price : null }, now),
  });
  if (!refusal) return 'cancelled';
  // A deleted code has nothing to give back; a waitlist that changed meanwhile is read again.
  if (refusal.refused('discount')) return cancelBooking({ ...booking, discountCode: undefined }, by, now);
  if (refusal.refused('seat')) return cancelBooking(booking, by, now);
  if (refusal.refused('booking')) {
    const current = await getBooking(booking.id, { consistent: true });
    if (current?.state === 'cancelled' || current?.state === 'refunded') return 'already_cancelled';
    throw notCancellable(booking);
  }
  throw new Error(`The cancellation of booking ${booking.id} was refused for no known reason`);
}

const notCancellable = (booking: BookingRecord) =>
  conflict(
    booking.state === 'confirmed'
      ? `This booking can no longer be cancelled: cancellation closed ${formatWhen(cancellableUntil(booking.session.startTime))}.`
      : 'Only a confirmed booking can be cancelled.',
  );
