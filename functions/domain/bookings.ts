import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../lib/aws';
import { conflict } from '../lib/errors';
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

export const bookingKey = (id: string) => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' });

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
  try {
    await dynamo.send(
      new TransactWriteCommand({
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
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) throw conflict('This session is sold out.');
    throw error;
  }
  return booking;
}

export async function getBooking(id: string): Promise<BookingRecord | undefined> {
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
