import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../lib/aws';
import { tableName } from '../../lib/table';
import { outboxEvent } from '../../outbox/outbox';
import { joinLinkShownFrom, listSessionsStarting, type SessionRecord } from '../records/sessions';
import { bookingKey } from '../records/keys';
import { bookingFacts, listSessionBookings, type BookingRecord } from '../records/bookings';
import { ATTENDING_STATES } from '../records/booking-lifecycle';

/** Attendees are reminded a day before their session. */
export const REMINDER_LEAD_MS = 24 * 3_600_000;
/** The most a session's starting-soon e-mail may lead its start by (the form's limit). */
const STARTING_SOON_MAX_LEAD_MS = 240 * 60_000;

/**
 * The notices each attendee is sent before their session, once: a reminder a day before, and for
 * an online session, the starting-soon e-mail with its joining link (its lead the session's own).
 * Each is due from a moment of its session (none: not for this one), marked on the booking by the
 * attribute named, and sent by the event named.
 */
const beforeTheSession = [
  {
    event: 'ReminderDue',
    mark: 'reminderQueuedAt',
    lookAheadMs: REMINDER_LEAD_MS,
    dueFrom: (session: SessionRecord): number | undefined => Date.parse(session.startTime) - REMINDER_LEAD_MS,
  },
  { event: 'StartingSoonDue', mark: 'startingSoonQueuedAt', lookAheadMs: STARTING_SOON_MAX_LEAD_MS, dueFrom: joinLinkShownFrom },
] as const;
type Notice = (typeof beforeTheSession)[number];

/**
 * Queues, for every confirmed booking of the sessions about to start, each notice now due: except
 * to bookings made after it fell due (their confirmation is still fresh). Each booking is marked
 * in the same transaction as the notice's event, so it is sent once however often the job runs or
 * is retried. Returns how many were queued.
 */
export async function queueReminders(now: Date): Promise<number> {
  let queued = 0;
  for (const notice of beforeTheSession) {
    const sessions = await listSessionsStarting({ from: now, to: new Date(now.getTime() + notice.lookAheadMs) });
    for (const session of sessions) {
      const dueFrom = notice.dueFrom(session);
      if (dueFrom === undefined || dueFrom > now.getTime()) continue;
      for (let cursor: string | undefined; ;) {
        const page = await listSessionBookings(session.id, { limit: 100, cursor });
        for (const booking of page.items) {
          if (isDue(booking, notice, dueFrom) && (await queueNotice(booking, notice, now))) queued++;
        }
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
    }
  }
  return queued;
}

function isDue(booking: BookingRecord & Partial<Record<Notice['mark'], string>>, notice: Notice, dueFrom: number): boolean {
  return ATTENDING_STATES.includes(booking.state) && !booking[notice.mark] && Date.parse(booking.createdAt) < dueFrom;
}

async function queueNotice(booking: BookingRecord, notice: Notice, now: Date): Promise<boolean> {
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: bookingKey(booking.id),
              UpdateExpression: 'SET #mark = :now',
              ConditionExpression: 'attribute_not_exists(#mark) AND #state = :confirmed',
              ExpressionAttributeNames: { '#state': 'state', '#mark': notice.mark },
              ExpressionAttributeValues: { ':now': now.toISOString(), ':confirmed': 'confirmed' },
            },
          },
          outboxEvent(notice.event, bookingFacts(booking), now),
        ],
      }),
    );
    return true;
  } catch (error) {
    // Another run queued it first, or the booking was cancelled meanwhile; anything else is retried.
    const refused =
      error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed';
    if (refused) return false;
    throw error;
  }
}
