import { conflict } from '../../lib/errors';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import type { settableStatuses } from '../../schemas/order';
import { auditEntry, type AuditItem } from '../records/audit';
import { shownStatus, transitionUpdate } from '../records/booking-lifecycle';
import { transitionEvent } from '../records/booking-events';
import { bookingFacts, type BookingRecord } from '../records/bookings';
import { removeAttendee } from './cancel-booking';
import type { Actor } from '../../lib/auth';
import { abandonCheckout, closeCheckout } from './checkout';
import { holdKey } from '../records/keys';
import { seatCounters } from '../records/sessions';

/**
 * The administrator's status change (docs/product.md#payments), as the lifecycle allows it: paid (a payment taken outside the
 * checkout) or free (the price waived) confirms a booking awaiting payment once, with its
 * e-mail; cancelled releases a booking awaiting payment, or removes a confirmed one's attendee
 * with a refund; nothing goes back to pending.
 */
export async function changeOrderStatus(
  booking: BookingRecord,
  paymentStatus: (typeof settableStatuses)[number],
  actor: Actor,
  now: Date,
): Promise<void> {
  if (shownStatus(booking).paymentStatus === paymentStatus) return;
  const audit = auditEntry({ kind: 'booking', id: booking.id }, 'booking.status-changed', actor, now, { paymentStatus });
  if (paymentStatus === 'pending') {
    throw conflict('A booking cannot go back to awaiting payment: its customer books again instead.');
  }
  if (paymentStatus === 'cancelled') {
    if (booking.state === 'confirmed') {
      await removeAttendee(booking, actor, now, 'booking.status-changed');
      return;
    }
    if (booking.state === 'held' && (await abandonCheckout(booking, now, 'cancelled_by_admin', audit))) return;
    throw conflict('This booking has already ended.');
  }
  if (booking.state !== 'held') throw conflict('Only a booking awaiting payment can be marked paid or free.');
  await settleBooking(booking, paymentStatus, audit, now);
}

/**
 * The administrator settles a held booking (the lifecycle's `settle`): paid outside the checkout,
 * or free, its price waived. One transaction conditioned on it still being held: its seat no
 * longer held but taken, its hold gone, BookingConfirmed; then its checkout is closed.
 */
async function settleBooking(booking: BookingRecord, paymentStatus: 'paid' | 'free', audit: AuditItem, now: Date) {
  const refusal = await transactNamed({
    booking: transitionUpdate('settle', booking.id, now, {
      set: paymentStatus === 'free' ? { price: { amount: 0, currency: booking.price.currency } } : {},
      remove: ['holdExpiresAt'],
    }),
    // The held seat stays taken, now as a confirmed one.
    seat: seatCounters(booking.sessionId, { seatsHeld: -1 }),
    hold: { Delete: { TableName: tableName(), Key: holdKey(booking.id) } },
    audit,
    event: transitionEvent('settle', bookingFacts(booking), now),
  });
  if (refusal) throw conflict('This booking is no longer awaiting payment.');
  // Its checkout can no longer be paid (a payment that still gets through is given back).
  if (booking.checkoutSessionId) await closeCheckout(booking.id, booking.checkoutSessionId);
}
