import type { Caller } from '../../lib/auth';
import { conflict, notFound } from '../../lib/errors';
import { allPages } from '../../lib/paging';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { outboxEvent } from '../../outbox/outbox';
import type { Money } from '../../schemas/money';
import type { CancellationPreview } from '../../schemas/admin-session';
import { auditEntry } from '../records/audit';
import { listSessionBookings } from '../records/bookings';
import { sessionKey } from '../records/keys';
import { getPayment } from '../records/payment-records';
import { getSession, type SessionRecord } from '../records/sessions';
import { listedPlaces } from '../records/waitlist';
import { endWithCancelledSession } from './cancel-booking';
import { abandonCheckout } from './checkout';
import { releaseBooking } from './release-booking';
import { endOffer } from './waitlist-offers';
import { leaveWaiting } from './waitlist-places';

// Cancelling a session in one step. The request marks the session cancelled, so nothing more can
// be booked, joined or offered, and writes SessionCancelled with it; its consumer then ends each
// booking and waitlist place the session still has, each in its own transaction conditioned on
// its state (paid ones refunded once, by their Refund record), and each ending writes the event
// that tells its person. A consumer that fails half-way is retried, and the administrator may ask
// again: both take up only what is left.

/** Every booking of a session, page by page. */
const everyBooking = (sessionId: string) => allPages((page) => listSessionBookings(sessionId, page));

/** What cancelling would end, for the administrator to read first. */
export async function previewCancellation(sessionId: string, now: Date): Promise<CancellationPreview> {
  const session = await sessionToCancel(sessionId, now);
  const [bookings, places] = await Promise.all([everyBooking(sessionId), listedPlaces(sessionId)]);
  const attending = bookings.filter((booking) => booking.state === 'confirmed');
  const payments = await Promise.all(
    attending.map(async (booking) => (booking.checkoutSessionId ? getPayment(booking.checkoutSessionId) : undefined)),
  );
  const refunds = payments.flatMap((payment) => (payment?.state === 'paid' && payment.paymentIntentId ? [payment.amount] : []));
  return {
    cancelled: session.cancelled !== undefined,
    attendees: attending.length,
    paidBookings: refunds.length,
    refundTotal: totalsByCurrency(refunds),
    unpaidBookings: bookings.filter((booking) => booking.state === 'held' || booking.state === 'unconfirmed').length,
    waiting: places.length,
  };
}

/** Amounts summed per currency, in the order the currencies first appear. */
function totalsByCurrency(amounts: Money[]): Money[] {
  const totals = new Map<Money['currency'], number>();
  for (const { amount, currency } of amounts) totals.set(currency, (totals.get(currency) ?? 0) + amount);
  return [...totals].map(([currency, amount]) => ({ amount, currency }));
}

/**
 * Cancels a session that has not started: marked cancelled with the administrator's message and
 * an audit entry, and SessionCancelled written, in one transaction. Asked again of a cancelled
 * session, writes SessionCancelled anew so that whatever is left is ended (a consumer that gave up
 * half-way); 'again' then, and the first message stays.
 */
export async function cancelSession(
  sessionId: string,
  message: string | undefined,
  actor: Pick<Caller, 'userId' | 'email'>,
  now: Date,
): Promise<'cancelled' | 'again'> {
  const session = await sessionToCancel(sessionId, now);
  const at = now.toISOString();
  const again = session.cancelled !== undefined;
  const refusal = await transactNamed({
    session: again
      ? {
          ConditionCheck: {
            TableName: tableName(),
            Key: sessionKey(sessionId),
            ConditionExpression: 'attribute_exists(cancelled)',
          },
        }
      : {
          Update: {
            TableName: tableName(),
            Key: sessionKey(sessionId),
            UpdateExpression: 'SET cancelled = :cancelled',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(cancelled) AND startTime > :at',
            ExpressionAttributeValues: { ':at': at, ':cancelled': { at, ...(message && { message }) } },
          },
        },
    audit: auditEntry({ kind: 'session', id: sessionId }, again ? 'session.cancelled-again' : 'session.cancelled', actor, now, {
      ...(message && !again && { message }),
    }),
    event: outboxEvent('SessionCancelled', { sessionId, requestedAt: at }, now),
  });
  // Cancelled or started meanwhile: asked again, it answers as the session now stands.
  if (refusal) return cancelSession(sessionId, message, actor, new Date(now.getTime() + 1));
  return again ? 'again' : 'cancelled';
}

/** The session to cancel: it exists, is published, and has not started (or is cancelled already: asked again). */
async function sessionToCancel(sessionId: string, now: Date): Promise<SessionRecord> {
  const session = await getSession(sessionId, { consistent: true });
  if (!session) throw notFound('Session not found');
  if (session.draft) throw conflict('A draft has nobody to tell: delete it instead.');
  if (!session.cancelled && session.startTime <= now.toISOString())
    throw conflict('A session that has started cannot be cancelled.');
  return session;
}

/**
 * Ends everything a cancelled session still has: first its waitlist (so no seat given back is kept
 * for anyone), then each booking: a confirmed one refunded if paid, a held one released with its
 * checkout closed, an unconfirmed one released. Each is its own transaction, refused if it ended meanwhile, so running this again
 * ends only what is left. Answers how many of each this run ended.
 */
export async function endCancelledSession(sessionId: string, now: Date): Promise<{ places: number; bookings: number }> {
  const session = await getSession(sessionId, { consistent: true });
  if (!session?.cancelled) throw new Error(`Session ${sessionId} is not cancelled`);
  let places = 0;
  for (const place of await listedPlaces(sessionId)) {
    const ended =
      place.state === 'waiting'
        ? (await leaveWaiting(place, now, 'session_cancelled')) === 'left'
        : await endOffer(place, 'session_cancelled', now);
    if (ended) places++;
  }
  let bookings = 0;
  for (const booking of await everyBooking(sessionId)) {
    if (booking.state === 'confirmed') {
      if ((await endWithCancelledSession(booking, now)) === 'cancelled') bookings++;
    } else if (booking.state === 'held') {
      if (await abandonCheckout(booking, now, 'session_cancelled')) bookings++;
    } else if (booking.state === 'unconfirmed') {
      if (await releaseBooking(booking, 'session_cancelled', now)) bookings++;
    }
  }
  return { places, bookings };
}
