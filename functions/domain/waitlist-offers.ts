import { ulid } from 'ulid';
import { conflict } from '../lib/errors';
import { tableName } from '../lib/table';
import { transactNamed } from '../lib/transactions';
import { outboxEvent } from '../events/outbox';
import type { BookingReceipt } from '../schemas/booking';
import type { Currency } from '../schemas/money';
import { offerCutoff, waitlistRules } from '../schemas/waitlist';
import { transitions } from './booking-lifecycle';
import { transitionEvent } from './booking-events';
import { attendeeGuard, bookingFacts, bookingItem, getBooking, receiptOf, sessionSnapshot, type BookingRecord } from './bookings';
import { openCheckout } from './payments';
import { quotePrice, sessionPrice } from './pricing';
import { checkoutHold, holdItem, holdKey, newHoldExpiry } from './seat-holds';
import { getSession, seatCounters, type SessionRecord } from './sessions';
import { freeListedAddress, getPlace, placeTransition, waitingPlaces, type WaitlistPlaceRecord } from './waitlist';

// Seats given back while people wait are kept for the waitlist (freed-seats.ts): the session
// counts them in seatsForWaitlist, still taken, and seatsOffered of them are held for someone.
// Each kept seat is offered to one person at a time, first in line first; an offer declined or
// lapsed goes to the next at once; after the offer cut-off, or with nobody left waiting, a kept
// seat is freed for anyone. Every step is one transaction conditioned on the counters, so two
// seats freed at once are two offers to two people, and no seat is offered twice.

/** Kept seats not yet offered to anyone exist: the condition of every offer and every freeing of one. */
const UNOFFERED_SEAT =
  'attribute_exists(seatsForWaitlist) AND (attribute_not_exists(seatsOffered) OR seatsOffered < seatsForWaitlist)';

/** Until when an offer made at `now` holds its seat: 12 hours, and never past the offer cut-off. */
export const offerExpiry = (session: Pick<SessionRecord, 'startTime'>, now: Date) => {
  const cutoff = offerCutoff(session.startTime);
  const full = new Date(now.getTime() + waitlistRules.offerHours * 3_600_000).toISOString();
  return full < cutoff ? full : cutoff;
};

/**
 * Offers each kept seat of a session that nobody holds an offer for: to the first place waiting,
 * or, after the cut-off or with nobody waiting, to anyone who books. Safe to run any number of
 * times at once (each step is conditioned on the counters and the place), and runs until no
 * unoffered kept seat is left.
 */
export async function offerKeptSeats(sessionId: string, clock: () => Date = () => new Date()): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const session = await getSession(sessionId, { consistent: true });
    if (!session || (session.seatsForWaitlist ?? 0) <= (session.seatsOffered ?? 0)) return;
    const now = clock();
    const waiting = now.toISOString() < offerCutoff(session.startTime) ? await waitingPlaces(sessionId, 10) : [];
    if (waiting.length === 0) {
      await freeKeptSeat(sessionId);
      continue;
    }
    for (const place of waiting) {
      // Refused on the place: it stopped waiting meanwhile, so the next one is tried.
      const refusal = await offerSeat(place, session, now);
      if (!refusal || !refusal.refused('place')) break;
    }
  }
  throw new Error(`The kept seats of session ${sessionId} could not all be offered: they kept changing`);
}

/** Holds a kept seat for a waiting place until its offer expires, and sends it the offer. */
function offerSeat(place: WaitlistPlaceRecord, session: SessionRecord, now: Date) {
  const offerExpiresAt = offerExpiry(session, now);
  return transactNamed({
    place: placeTransition(place, 'waiting', 'offered', now, { set: { offeredAt: now.toISOString(), offerExpiresAt } }),
    seat: seatCounters(place.sessionId, { seatsOffered: 1, waitlistCount: -1 }, { condition: UNOFFERED_SEAT }),
    hold: holdItem('waitlist-offer', place.id, place.sessionId, offerExpiresAt),
    event: outboxEvent('WaitlistOffered', { placeId: place.id, sessionId: place.sessionId, offerExpiresAt }, now),
  });
}

/** A kept seat nobody is offered goes to anyone who books. */
async function freeKeptSeat(sessionId: string) {
  await transactNamed({
    seat: seatCounters(sessionId, { seatsForWaitlist: -1, seatsTaken: -1 }, { condition: UNOFFERED_SEAT }),
  });
}

/**
 * Ends an open offer: declined by its holder, or lapsed (only once its time is up). The place
 * leaves the list, its seat stays kept for the waitlist, and WaitlistOfferEnded offers it to the
 * next person and tells the one who lost it. Answers whether this call ended it.
 */
export async function endOffer(place: WaitlistPlaceRecord, reason: 'declined' | 'lapsed', now: Date): Promise<boolean> {
  const refusal = await transactNamed({
    place: placeTransition(place, 'offered', reason, now, {
      when: reason === 'lapsed' ? { condition: 'offerExpiresAt <= :now', values: { ':now': now.toISOString() } } : undefined,
    }),
    seat: seatCounters(place.sessionId, { seatsOffered: -1 }),
    hold: { Delete: { TableName: tableName(), Key: holdKey(place.id) } },
    address: freeListedAddress(place),
    event: outboxEvent('WaitlistOfferEnded', { placeId: place.id, sessionId: place.sessionId, reason }, now),
  });
  return !refusal;
}

/** The sweep's part: an offer whose time is up lapses. */
export async function lapseOffer(placeId: string, now: Date): Promise<boolean> {
  const place = await getPlace(placeId);
  return place?.state === 'offered' ? endOffer(place, 'lapsed', now) : false;
}

/**
 * Takes an open offer: the kept seat becomes the person's booking, in one transaction with the
 * place leaving the list. A free session is booked outright; a paid one is held for its checkout
 * for what is left of the offer (at least the checkout's shortest time) and answered with the
 * checkout. Taking it again answers the same booking.
 */
export async function acceptOffer(
  place: WaitlistPlaceRecord,
  request: { currency?: Currency; userId?: string; deadline?: number },
  now: Date,
): Promise<BookingReceipt> {
  if (place.state === 'accepted' && place.bookingId) return receiptOfAccepted(place.bookingId, request.deadline);
  if (place.state !== 'offered' || place.offerExpiresAt! <= now.toISOString()) throw offerEnded();
  const session = await getSession(place.sessionId);
  if (!session) throw offerEnded();
  const { price } = await quotePrice(sessionPrice(session), request.currency ?? session.priceCurrency, undefined, now);
  const pending = price.amount > 0;
  const [firstName, ...rest] = place.name.split(/\s+/);
  const booking: BookingRecord = {
    id: ulid(now.getTime()),
    sessionId: session.id,
    userId: request.userId,
    firstName: firstName,
    lastName: rest.join(' '),
    attendeeName: place.name,
    attendeeEmail: place.email,
    state: pending ? transitions.hold.to : transitions.book.to,
    price,
    // What is left of the offer, and never less than Stripe's shortest checkout.
    holdExpiresAt: pending ? [place.offerExpiresAt!, newHoldExpiry(now)].sort()[1] : undefined,
    session: sessionSnapshot(session),
    createdAt: now.toISOString(),
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
    event: pending
      ? transitionEvent('hold', { ...bookingFacts(booking), price, holdExpiresAt: booking.holdExpiresAt! }, now)
      : transitionEvent('book', bookingFacts(booking), now),
  });
  if (!refusal) {
    if (!pending) return receiptOf(booking);
    return receiptOf({
      ...booking,
      checkoutUrl: await openCheckout(booking, { releaseOnFailure: true, deadline: request.deadline }),
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
  throw new Error(`Taking the offer of place ${place.id} was refused for no known reason`);
}

const offerEnded = () => conflict('This offer has ended.');

async function receiptOfAccepted(bookingId: string, deadline?: number): Promise<BookingReceipt> {
  const booking = await getBooking(bookingId, { consistent: true });
  if (!booking) throw offerEnded();
  const checkoutUrl =
    booking.state === 'held'
      ? (booking.checkoutUrl ?? (await openCheckout(booking, { releaseOnFailure: false, deadline })))
      : null;
  return receiptOf({ ...booking, checkoutUrl: checkoutUrl ?? undefined });
}
