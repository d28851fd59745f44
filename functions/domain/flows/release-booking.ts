import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { bookingFacts, freeAttendeePlace, type BookingRecord } from '../records/bookings';
import { transitionUpdate, type EndedBy, type ReleaseReason } from '../records/booking-lifecycle';
import { transitionEvent } from '../records/booking-events';
import type { AuditItem } from '../records/audit';
import { countCodeUse } from '../records/discounts';
import { seatGivenBack } from '../records/freed-seats';
import { holdKey } from '../records/keys';
import { giveBackAddressSeat } from '../records/sessions';

// A held booking released (the lifecycle's `release`): its seat given back unpaid, exactly once.
// No Stripe calls here (those are in checkout.ts), so the sweep's function carries no Stripe client.

/** Who ends a hold for each reason. */
const endedBy: Record<ReleaseReason, EndedBy> = {
  expired: 'stripe',
  payment_failed: 'stripe',
  replaced: 'visitor',
  checkout_failed: 'site',
  cancelled_by_admin: 'admin',
  email_unconfirmed: 'site',
  checkout_cancelled: 'visitor',
  session_cancelled: 'admin',
};

/**
 * Ends a held booking without payment, exactly once however many callers race (the expiry
 * webhook, the sweep, a replacement): the booking is released with why and by whom, its seat
 * and its address's place given back, a one-time code usable again, and BookingExpired written
 * to the outbox, all in one transaction conditioned on the booking still being held (and, for
 * an expiry, on its hold having run out). Answers whether this call released it.
 */
export async function releaseBooking(
  booking: BookingRecord,
  reason: ReleaseReason,
  now: Date,
  audit?: AuditItem,
): Promise<boolean> {
  const table = tableName();
  const at = now.toISOString();
  const seat = await seatGivenBack(booking, now, { held: true });
  const refusal = await transactNamed({
    booking: transitionUpdate('release', booking.id, now, {
      set: { endedAt: at, endReason: reason, endedBy: endedBy[reason] },
      remove: ['holdExpiresAt'],
      // An expiry releases only a hold that has run out: one extended for a bank payment stands.
      when:
        reason === 'expired' || reason === 'email_unconfirmed'
          ? { condition: 'holdExpiresAt <= :now', values: { ':now': at } }
          : undefined,
    }),
    seat: seat.counters,
    waitlist: seat.offerEvent,
    hold: { Delete: { TableName: table, Key: holdKey(booking.id) } },
    attendee: freeAttendeePlace(booking),
    addressSeats: booking.addressSeatsKey !== undefined && giveBackAddressSeat(booking.addressSeatsKey),
    // An unpaid checkout did not use the code.
    discount: booking.discountCode !== undefined && countCodeUse(booking.discountCode, -1),
    event: transitionEvent('release', { ...bookingFacts(booking), reason }, now),
    audit,
  });
  if (!refusal) return true;
  if (refusal.refused('booking')) return false;
  // A deleted code has nothing to give back; a waitlist that changed meanwhile is read again.
  if (refusal.refused('discount')) return releaseBooking({ ...booking, discountCode: undefined }, reason, now, audit);
  if (refusal.refused('seat')) return releaseBooking(booking, reason, now, audit);
  throw new Error(`The release of booking ${booking.id} was refused for no known reason`);
}
