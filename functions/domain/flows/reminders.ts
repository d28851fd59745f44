import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../lib/aws';
import { tableName } from '../../lib/table';
import { outboxEvent } from '../../outbox/outbox';
import { listSessionsStarting } from '../records/sessions';
import { bookingKey } from '../records/keys';
import { listSessionBookings, type BookingRecord } from '../records/bookings';
import { ATTENDING_STATES } from '../records/booking-lifecycle';

/** Attendees are reminded a day before their session. */
export const REMINDER_LEAD_MS = 24 * 3_600_000;

/**
 * Queues a reminder for every confirmed booking of the sessions that start within a day,
 * except bookings made within that day (their confirmation is still fresh). Each booking is
 * marked in the same transaction as its ReminderDue event, so a booking is reminded once
 * however often the job runs or is retried. Returns how many reminders were queued.
 */
export async function queueReminders(now: Date): Promise<number> {
  const sessions = await listSessionsStarting({ from: now, to: new Date(now.getTime() + REMINDER_LEAD_MS) });
  let queued = 0;
  for (const session of sessions) {
    const remindFrom = Date.parse(session.startTime) - REMINDER_LEAD_MS;
    for (let cursor: string | undefined; ;) {
      const page = await listSessionBookings(session.id, { limit: 100, cursor });
      for (const booking of page.items) {
        if (needsReminder(booking, remindFrom) && (await queueReminder(booking, now))) queued++;
      }
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
  }
  return queued;
}

function needsReminder(booking: BookingRecord & { reminderQueuedAt?: string }, remindFrom: number): boolean {
  return ATTENDING_STATES.includes(booking.state) && !booking.reminderQueuedAt && Date.parse(booking.createdAt) < remindFrom;
}

async function queueReminder(booking: BookingRecord, now: Date): Promise<boolean> {
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: bookingKey(booking.id),
              UpdateExpression: 'SET reminderQueuedAt = :now',
              ConditionExpression: 'attribute_not_exists(reminderQueuedAt) AND #state = :confirmed',
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: { ':now': now.toISOString(), ':confirmed': 'confirmed' },
            },
          },
          outboxEvent(
            'ReminderDue',
            {
              bookingId: booking.id,
              sessionId: booking.sessionId,
              attendeeName: booking.attendeeName,
              attendeeEmail: booking.attendeeEmail,
            },
            now,
          ),
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
