import { conflict } from '../../lib/errors';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { transitionUpdate } from '../records/booking-lifecycle';
import { transitionEvent } from '../records/booking-events';
import { bookingFacts, getBooking, type BookingRecord } from '../records/bookings';
import { holdKey } from '../records/keys';
import { seatCounters } from '../records/sessions';

/**
 * A guest followed the link e-mailed to them: their free booking is confirmed, once, while its
 * hold lasts (the held seat becomes theirs, BookingConfirmed sends the confirmation). Confirming
 * again changes nothing.
 */
export async function confirmEmail(booking: BookingRecord, now: Date): Promise<'confirmed' | 'already_confirmed'> {
  if (booking.state === 'confirmed') return 'already_confirmed';
  const refusal = await transactNamed({
    booking: transitionUpdate('confirmEmail', booking.id, now, {
      remove: ['holdExpiresAt'],
      when: { condition: 'holdExpiresAt > :now', values: { ':now': now.toISOString() } },
    }),
    seat: seatCounters(booking.sessionId, { seatsHeld: -1 }),
    hold: { Delete: { TableName: tableName(), Key: holdKey(booking.id) } },
    event: transitionEvent('confirmEmail', bookingFacts(booking), now),
  });
  if (!refusal) return 'confirmed';
  const current = await getBooking(booking.id, { consistent: true });
  if (current?.state === 'confirmed') return 'already_confirmed';
  // A booking to pay for is kept by its payment: its seat is still held, no address is to confirm.
  if (current?.state === 'held') throw conflict('This booking is awaiting payment. Complete the payment to keep your seat.');
  throw conflict('This link has expired and the seat was released. Please book again.');
}
