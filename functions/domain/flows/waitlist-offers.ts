import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { outboxEvent } from '../../outbox/outbox';
import { offerCutoff, waitlistRules } from '../../schemas/waitlist';
import { holdItem } from '../records/holds';
import { holdKey } from '../records/keys';
import { getSession, seatCounters, type SessionRecord } from '../records/sessions';
import type { Caller } from '../../lib/auth';
import { auditEntry, type AuditItem } from '../records/audit';
import { freeListedAddress, getPlace, placeTransition, waitingPlaces, type WaitlistPlaceRecord } from '../records/waitlist';
import { leaveWaiting } from './waitlist-places';

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
 * or, after the cut-off, with nobody waiting or the session cancelled, to anyone who books. Safe to run any number of
 * times at once (each step is conditioned on the counters and the place), and runs until no
 * unoffered kept seat is left.
 */
export async function offerKeptSeats(sessionId: string, clock: () => Date = () => new Date()): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const session = await getSession(sessionId, { consistent: true });
    if (!session || (session.seatsForWaitlist ?? 0) <= (session.seatsOffered ?? 0)) return;
    const now = clock();
    const offering = !session.cancelled && now.toISOString() < offerCutoff(session.startTime);
    const waiting = offering ? await waitingPlaces(sessionId, 10) : [];
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
 * Ends an open offer: declined by its holder, lapsed (only once its time is up), removed by the
 * administrator, or ended with its cancelled session. The place leaves the list, its seat stays
 * kept for the waitlist, and WaitlistOfferEnded offers it to the next person (or, the session
 * cancelled, frees it) and tells the one who lost it. Answers whether this call ended it.
 */
export async function endOffer(
  place: WaitlistPlaceRecord,
  reason: 'declined' | 'lapsed' | 'removed' | 'session_cancelled',
  now: Date,
  audit?: AuditItem,
): Promise<boolean> {
  const refusal = await transactNamed({
    place: placeTransition(place, 'offered', reason === 'session_cancelled' ? 'removed' : reason, now, {
      when: reason === 'lapsed' ? { condition: 'offerExpiresAt <= :now', values: { ':now': now.toISOString() } } : undefined,
    }),
    seat: seatCounters(place.sessionId, { seatsOffered: -1 }),
    hold: { Delete: { TableName: tableName(), Key: holdKey(place.id) } },
    address: freeListedAddress(place),
    audit,
    event: outboxEvent('WaitlistOfferEnded', { placeId: place.id, sessionId: place.sessionId, reason }, now),
  });
  return !refusal;
}

/**
 * The administrator takes a place off a session's list: a waiting one leaves it, an offered one's
 * seat goes to the next person. Answers whether it was on the list.
 */
export async function removePlace(place: WaitlistPlaceRecord, actor: Pick<Caller, 'userId' | 'email'>, now: Date) {
  const audit = auditEntry({ kind: 'session', id: place.sessionId }, 'waitlist.removed', actor, now, {
    placeId: place.id,
    email: place.email,
  });
  if (place.state === 'waiting' && (await leaveWaiting(place, now, { audit })) === 'left') return true;
  const current = await getPlace(place.id);
  return current?.state === 'offered' ? endOffer(current, 'removed', now, audit) : false;
}

/** The sweep's part: an offer whose time is up lapses. */
export async function lapseOffer(placeId: string, now: Date): Promise<boolean> {
  const place = await getPlace(placeId);
  return place?.state === 'offered' ? endOffer(place, 'lapsed', now) : false;
}
