import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../lib/aws';
import { conflict, HttpError } from '../lib/errors';
import { gsi1, tableName, withoutKeys } from '../lib/table';
import type { BookingRequest, BookingStatus, BookingView, PaymentStatus } from '../schemas/booking';
import { endTime, getSession, locationText, sessionKey, type SessionRecord } from './sessions';

export type BookingRecord = {
  id: string;
  sessionId: string;
  userId?: string;
  firstName: string;
  lastName: string;
  attendeeName: string;
  attendeeEmail: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  createdAt: string;
};

const bookingKey = (id: string) => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' });

function bookingItem(booking: BookingRecord) {
  return {
    ...bookingKey(booking.id),
    [gsi1.partitionKey]: `SESSION#${booking.sessionId}`,
    [gsi1.sortKey]: `BOOKING#${booking.createdAt}#${booking.id}`,
    type: 'Booking',
    ...booking,
  };
}

/**
 * Books a seat in a free session. The booking and the seat are one transaction whose
 * condition refuses a started session or a full one, so a session can never be oversold.
 */
export async function bookFreeSession(session: SessionRecord, attendee: BookingRequest, now: Date): Promise<BookingRecord> {
  if (Date.parse(session.startTime) <= now.getTime()) throw conflict('This session has already started.');
  const booking: BookingRecord = {
    id: ulid(),
    sessionId: session.id,
    firstName: attendee.firstName,
    lastName: attendee.lastName,
    attendeeName: `${attendee.firstName} ${attendee.lastName}`,
    attendeeEmail: attendee.email,
    status: 'completed',
    paymentStatus: 'free',
    createdAt: now.toISOString(),
  };
  const transaction = new TransactWriteCommand({
    TransactItems: [
      {
        Put: {
          TableName: tableName(),
          Item: bookingItem(booking),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: sessionKey(session.id),
          UpdateExpression: 'SET seatsTaken = seatsTaken + :one',
          ConditionExpression:
            'attribute_exists(pk) AND startTime > :now AND (attribute_not_exists(maxAttendees) OR seatsTaken < maxAttendees)',
          ExpressionAttributeValues: { ':one': 1, ':now': booking.createdAt },
        },
      },
    ],
  });
  await writeWithConflictRetry(transaction);
  return booking;
}

const MAX_ATTEMPTS = 8;

/**
 * Runs a seat transaction. A failed condition means the session is full (or gone); a
 * conflict with a concurrent booking of the same session is retried with jittered backoff,
 * so a rush on the last seats neither oversells nor turns people away while seats remain.
 */
async function writeWithConflictRetry(transaction: TransactWriteCommand): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo.send(transaction);
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code);
      if (codes.includes('ConditionalCheckFailed')) throw conflict('This session is sold out.');
      if (!codes.includes('TransactionConflict') || attempt >= MAX_ATTEMPTS) {
        throw new HttpError(503, 'Many people are booking right now. Please try again.');
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

async function getBooking(id: string): Promise<BookingRecord | undefined> {
  const result = await dynamo.send(new GetCommand({ TableName: tableName(), Key: bookingKey(id) }));
  return result.Item ? withoutKeys<BookingRecord>(result.Item) : undefined;
}

/** The booking with its session, as the confirmation page and the e-mails show it. */
export async function getBookingView(id: string): Promise<BookingView | undefined> {
  const booking = await getBooking(id);
  const session = booking && (await getSession(booking.sessionId));
  if (!booking || !session) return undefined;
  return {
    id: booking.id,
    status: booking.status,
    paymentStatus: booking.paymentStatus,
    attendeeName: booking.attendeeName,
    session: {
      id: session.id,
      title: session.title,
      startTime: session.startTime,
      endTime: endTime(session),
      location: locationText(session),
      locationType: session.locationType,
    },
  };
}
