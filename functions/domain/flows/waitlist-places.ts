import { ulid } from 'ulid';
import { conflict, HttpError } from '../../lib/errors';
import { newLinkSecret } from '../../lib/link-token';
import { allowanceFreesAt, hourlyAllowance, mailboxAllowance } from '../../lib/rate-limit';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { formatClockTime } from '../../lib/when';
import { outboxEvent } from '../../outbox/outbox';
import { offerCutoff, waitlistRules, type WaitlistJoinAnswer, type WaitlistRequest } from '../../schemas/waitlist';
import type { AuditItem } from '../records/audit';
import {
  freeListedAddress,
  listedAddressItem,
  placeItem,
  placeTransition,
  waitlistPosition,
  type WaitlistPlaceRecord,
} from '../records/waitlist';
import { getSession, seatCounters, type SessionRecord } from '../records/sessions';

// A place joins a sold-out session's waitlist, or leaves it while still waiting: each one
// transaction of the place, the address's mark and the session's count.

/** Joining is limited like booking: each e-mail address, and each client address, so many times an hour. */
export const waitlistLimits = { perEmailPerHour: 5, perClientAddressPerHour: 20 };

/**
 * Joins a sold-out session's waitlist, as one transaction: the place, the address's mark (an
 * address already on the list is answered with that), the waitlist count (on condition that the
 * session is still sold out and offers are still made), the hourly allowances, and WaitlistJoined,
 * which e-mails the position and the link to leave. Nobody is told another person's place.
 */
export async function joinWaitlist(
  session: SessionRecord,
  request: WaitlistRequest,
  context: { now: Date; clientAddress: string },
): Promise<WaitlistJoinAnswer> {
  const { now } = context;
  checkJoinable(session, now);
  const place: WaitlistPlaceRecord = {
    id: ulid(now.getTime()),
    sessionId: session.id,
    name: request.name,
    email: request.email,
    phone: request.phone,
    secret: newLinkSecret(),
    state: 'waiting',
    joinedAt: now.toISOString(),
  };
  const table = tableName();
  const refusal = await transactNamed({
    place: {
      Put: {
        TableName: table,
        Item: placeItem(place),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    address: {
      Put: {
        TableName: table,
        Item: listedAddressItem(place),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    session: seatCounters(
      session.id,
      { waitlistCount: 1 },
      {
        condition: 'attribute_exists(maxAttendees) AND seatsTaken >= maxAttendees AND startTime > :cutoffFromNow',
        values: { ':cutoffFromNow': offerCutoffFromNow(now) },
      },
    ),
    emailAllowance: mailboxAllowance('waitlist-email', place.email, waitlistLimits.perEmailPerHour, now),
    addressAllowance: hourlyAllowance('waitlist-address', context.clientAddress, waitlistLimits.perClientAddressPerHour, now),
    event: outboxEvent('WaitlistJoined', { placeId: place.id, sessionId: session.id }, now),
  });
  if (!refusal) return { outcome: 'joined', position: await waitlistPosition(place) };
  if (refusal.refused('address')) return { outcome: 'already_waiting', position: null };
  if (refusal.refused('session')) {
    const current = await getSession(session.id, { consistent: true });
    if (current) checkJoinable(current, now);
    throw conflict('This session cannot be joined now.');
  }
  const allowance = refusal.refused('emailAllowance') ?? refusal.refused('addressAllowance');
  if (allowance) {
    const limit = refusal.refused('emailAllowance') ? waitlistLimits.perEmailPerHour : waitlistLimits.perClientAddressPerHour;
    throw new HttpError(
      429,
      `Too many waitlist requests. Please try again after ${formatClockTime(allowanceFreesAt(allowance, limit, now))}.`,
    );
  }
  throw new Error('The waitlist transaction was refused for no known reason');
}

/** Seen from `now`, the earliest start of a session whose seats are still offered to its waitlist. */
const offerCutoffFromNow = (now: Date) => new Date(now.getTime() + waitlistRules.offerCutoffHours * 3_600_000).toISOString();

function checkJoinable(session: SessionRecord, now: Date) {
  if (Date.parse(session.startTime) <= now.getTime()) throw conflict('This session has already started.');
  if (now.toISOString() >= offerCutoff(session.startTime))
    throw conflict('The waitlist for this session has closed: seats given back now go to whoever books first.');
  if (session.maxAttendees == null || session.seatsTaken < session.maxAttendees)
    throw conflict('This session has seats available. Please book one instead.');
}

/**
 * Takes a waiting place off the list (the count lowered, the address free to join again): left by
 * its person, removed by the administrator with an audit entry, or ended with its cancelled
 * session (its person told). An offered one ends its offer instead (waitlist-offers.ts). Answers
 * whether the place was still waiting.
 */
export async function leaveWaiting(
  place: WaitlistPlaceRecord,
  now: Date,
  removal?: { audit: AuditItem } | 'session_cancelled',
): Promise<'left' | 'not_waiting'> {
  const refusal = await transactNamed({
    place: placeTransition(place, 'waiting', removal ? 'removed' : 'left', now),
    session: seatCounters(place.sessionId, { waitlistCount: -1 }),
    address: freeListedAddress(place),
    audit: typeof removal === 'object' && removal.audit,
    event:
      removal === 'session_cancelled' &&
      outboxEvent('WaitlistSessionCancelled', { placeId: place.id, sessionId: place.sessionId }, now),
  });
  return refusal ? 'not_waiting' : 'left';
}
