import { ulid } from 'ulid';
import { conflict } from '../../lib/errors';
import { newLinkSecret } from '../../lib/link-token';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import type { BookingReceipt } from '../../schemas/booking';
import type { Currency } from '../../schemas/money';
import { transitions } from '../records/booking-lifecycle';
import { transitionEvent } from '../records/booking-events';
import { attendeeGuard, bookingFacts, bookingItem, getBooking, sessionSnapshot, type BookingRecord } from '../records/bookings';
import { receiptOf } from '../records/booking-views';
import { openCheckout } from './checkout';
import { quotePrice, sessionPrice } from '../records/pricing';
import { checkoutHold, newHoldExpiry } from '../records/holds';
import { holdKey } from '../records/keys';
import { getSession, seatCounters, seatsOfAddress, tooManySeatsFromNetwork } from '../records/sessions';
import { freeListedAddress, getPlace, placeTransition, type WaitlistPlaceRecord } from '../records/waitlist';
import { endOffer } from './waitlist-offers';

// Kept apart from waitlist-offers.ts, so only the route that takes an offer carries the checkout
// and its Stripe client (not the sweep, nor the routes that decline or leave).

/**
 * Takes an open offer: the kept seat becomes the person's booking, in one transaction with the
 * place leaving the list and the seat counted against the client address's share, as a booking's
 * is (an address over it is refused, and the offer stands for another network or the next in
 * line). A free session is booked outright; a paid one is held for its checkout for what is left
 * of the offer (at least the checkout's shortest time) and answered with the checkout. Taking it
 * again answers the same booking.
 */
export async function acceptOffer(
  place: WaitlistPlaceRecord,
  request: { currency?: Currency; userId?: string; clientAddress: string; deadline?: number },
  now: Date,
): Promise<BookingReceipt> {
  if (place.state === 'accepted' && place.bookingId) return receiptOfAccepted(place.bookingId, request.deadline);
  if (place.state !== 'offered' || place.offerExpiresAt! <= now.toISOString()) throw offerEnded();
  const session = await getSession(place.sessionId);
  if (!session || session.cancelled) throw offerEnded();
  const { price } = await quotePrice(sessionPrice(session), request.currency ?? session.priceCurrency, undefined, now);
  const pending = price.amount > 0;
  const addressSeats = seatsOfAddress(session, request.clientAddress);
  const [firstName, ...rest] = place.name.split(/\s+/);
  const booking: BookingRecord = {
    id: ulid(now.getTime()),
    sessionId: session.id,
    userId: request.userId,
    firstName: firstName,
    lastName: rest.join(' '),
    attendeeName: place.name,
    attendeeEmail: place.email,
    phone: place.phone,
    state: pending ? transitions.hold.to : transitions.book.to,
    price,
    // What is left of the offer, and never less than Stripe's shortest checkout.
    holdExpiresAt: pending ? [place.offerExpiresAt!, newHoldExpiry(now)].sort()[1] : undefined,
    session: sessionSnapshot(session),
    createdAt: now.toISOString(),
    manageSecret: newLinkSecret(),
    addressSeatsKey: addressSeats.key,
  };
  const refusal = await transactNamed({
    place: placeTransition(place, 'offered', 'accepted', now, {
      set: { bookingId: booking.id },
      when: { condition: 'offerExpiresAt > :now', values: { ':now': now.toISOString() } },
    }),
    booking: { Put: { TableName: tableName(), Item: bookingItem(booking), ConditionExpression: 'attribute_not_exists(pk)' } },
    attendee: attendeeGuard(booking),
    // The kept seat, taken: no longer offered nor kept, and held while a paid one is paid.
    seat: seatCounters(session.id, { seatsOffered: -1, seatsForWaitlist: -1, ...(pending && { seatsHeld: 1 }) }),
    offerHold: { Delete: { TableName: tableName(), Key: holdKey(place.id) } },
    checkoutHold: pending && checkoutHold(booking),
    address: freeListedAddress(place),
    addressSeats: addressSeats.take(),
    event: pending
      ? transitionEvent('hold', { ...bookingFacts(booking), price, holdExpiresAt: booking.holdExpiresAt! }, now)
      : transitionEvent('book', bookingFacts(booking), now),
  });
  if (!refusal) {
    if (!pending) return receiptOf(booking);
    return receiptOf({
      ...booking,
      checkoutUrl: await openCheckout(booking, { releaseOnFailure: true, deadline: request.deadline, keepWhenLeft: true }),
    });
  }
  if (refusal.refused('place')) {
    const current = await getPlace(place.id);
    if (current?.state === 'accepted' && current.bookingId) return receiptOfAccepted(current.bookingId, request.deadline);
    throw offerEnded();
  }
  if (refusal.refused('attendee')) {
    // The address has booked the session already: the seat goes to the next person.
    await endOffer(place, 'declined', now);
    throw conflict('This email address has already booked this session.');
  }
  if (refusal.refused('addressSeats')) throw tooManySeatsFromNetwork();
  throw new Error(`Taking the offer of place ${place.id} was refused for no known reason`);
}

const offerEnded = () => conflict('This offer has ended.');

async function receiptOfAccepted(bookingId: string, deadline?: number): Promise<BookingReceipt> {
  const booking = await getBooking(bookingId, { consistent: true });
  if (!booking) throw offerEnded();
  const checkoutUrl =
    booking.state === 'held'
      ? (booking.checkoutUrl ?? (await openCheckout(booking, { releaseOnFailure: false, deadline, keepWhenLeft: true })))
      : null;
  return receiptOf({ ...booking, checkoutUrl: checkoutUrl ?? undefined });
}
