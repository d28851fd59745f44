import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { conflict, HttpError } from '../../lib/errors';
import { expiresIn, tableName } from '../../lib/table';
import { count } from '../../lib/metrics';
import { allowanceFreesAt, hourlyAllowance, mailboxAllowance } from '../../lib/rate-limit';
import { formatClockTime } from '../../lib/when';
import { newLinkSecret } from '../../lib/link-token';
import { transactNamed } from '../../lib/transactions';
import { outboxEvent } from '../../outbox/outbox';
import { holdLapsed, transitions } from '../records/booking-lifecycle';
import { transitionEvent } from '../records/booking-events';
import type { BookingReceipt, BookingRequest, PendingBookingConflict } from '../../schemas/booking';
import { attendeeGuard, bookingFacts, bookingItem, getBooking, sessionSnapshot, type BookingRecord } from '../records/bookings';
import { receiptOf } from '../records/booking-views';
import { checkActive, countCodeAttempt, discountRedemption, redemptionRefusal } from '../records/discounts';
import { abandonCheckout, openCheckout } from './checkout';
import { quotePrice, sessionPrice } from '../records/pricing';
import { checkoutHold, EMAIL_CONFIRMATION_MINUTES, newHoldExpiry } from '../records/holds';
import { releaseBooking } from './release-booking';
import { seatsOfAddress, takeSeat, tooManySeatsFromNetwork, type SessionRecord } from '../records/sessions';
import { requestKey } from '../records/keys';

/**
 * Who is booking and how the request reached us (the limits and the replay key apply to these),
 * and, in a Lambda, when it runs out of time (epoch ms): a checkout must leave room before it.
 */
export type BookingContext = {
  now: Date;
  userId?: string;
  /** The signed-in member's verified address: booking with it needs no e-mail confirmation. */
  memberEmail?: string;
  clientAddress: string;
  requestKey?: string;
  deadline?: number;
};

/**
 * Unauthenticated bookings send e-mail, so each address may make only so many an hour (its own
 * member, signed in, is not counted: strangers using the address cannot lock them out). How many
 * seats of one session a client address may have is the session's (seatsPerClientAddress).
 */
export const bookingLimits = { perEmailPerHour: 5, perClientAddressPerHour: 20 };
/** A replayed request within a day gets the first answer. */
const REQUEST_KEY_SECONDS = 86_400;

/** A refused allowance, with the time it takes a booking again. */
const tooMany = (what: string, refused: Record<string, AttributeValue>, limit: number, now: Date) =>
  new HttpError(429, `${what} Please try again after ${formatClockTime(allowanceFreesAt(refused, limit, now))}.`);
const tooManyForEmail = (refused: Record<string, AttributeValue>, now: Date) =>
  tooMany('Too many bookings for this email address.', refused, bookingLimits.perEmailPerHour, now);

/** What a retry of the same request repeats: the session and the form as the server parsed it. */
const requestFingerprint = (sessionId: string, request: BookingRequest) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        sessionId,
        request.firstName,
        request.lastName,
        request.email,
        request.currency ?? null,
        request.discountCode ?? null,
      ]),
    )
    .digest('base64url');

/**
 * Books a seat as one transaction: the booking, the seat (refused for a started or full
 * session, so a session can never be oversold), the one-booking-per-address guard, the
 * discount code's redemption, the event in the outbox, the hourly allowances of the e-mail and
 * client addresses, and the request's replay key. All of it is written, or none of it.
 *
 * Nothing to pay (a free session, or a code that takes the whole price): the booking is
 * complete and BookingConfirmed follows. Something to pay: the booking is pending, its seat
 * held until the hold expires (a Hold item the sweep finds), BookingCreated follows, and the
 * answer carries the Stripe Checkout address.
 */
export async function bookSession(
  session: SessionRecord,
  request: BookingRequest,
  context: BookingContext,
): Promise<BookingReceipt> {
  const { now } = context;
  if (Date.parse(session.startTime) <= now.getTime()) throw conflict('This session has already started.');
  // A free session has nothing to discount: a code sent with it is not spent.
  const code = session.priceAmount > 0 ? request.discountCode : undefined;
  if (code !== undefined) await countCodeAttempt(context.clientAddress, now);
  const { price } = await quotePrice(sessionPrice(session), request.currency ?? session.priceCurrency, code, now, checkActive);
  const pending = price.amount > 0;
  // The teacher may ask guests to confirm their address before a free seat is theirs.
  const unconfirmed = !pending && session.requireConfirmedEmail === true && context.memberEmail !== request.email;
  const booking: BookingRecord = {
    id: ulid(now.getTime()),
    sessionId: session.id,
    userId: context.userId,
    firstName: request.firstName,
    lastName: request.lastName,
    attendeeName: `${request.firstName} ${request.lastName}`,
    attendeeEmail: request.email,
    state: pending ? transitions.hold.to : unconfirmed ? transitions.reserve.to : transitions.book.to,
    price,
    discountCode: code,
    holdExpiresAt: pending
      ? newHoldExpiry(now)
      : unconfirmed
        ? new Date(now.getTime() + EMAIL_CONFIRMATION_MINUTES * 60_000).toISOString()
        : undefined,
    session: sessionSnapshot(session),
    createdAt: now.toISOString(),
    manageSecret: newLinkSecret(),
  };
  const addressSeats = seatsOfAddress(session, context.clientAddress);
  booking.addressSeatsKey = addressSeats.key;
  const fingerprint = requestFingerprint(session.id, request);
  const table = tableName();
  const refusal = await transactNamed({
    booking: { Put: { TableName: table, Item: bookingItem(booking), ConditionExpression: 'attribute_not_exists(pk)' } },
    seat: takeSeat(session.id, now, { held: pending || unconfirmed }),
    attendee: attendeeGuard(booking),
    hold: (pending || unconfirmed) && checkoutHold(booking, pending ? 'checkout' : 'email-confirmation'),
    discount: code !== undefined && discountRedemption(code, now),
    event: pending
      ? transitionEvent('hold', { ...bookingFacts(booking), price, holdExpiresAt: booking.holdExpiresAt! }, now)
      : unconfirmed
        ? transitionEvent('reserve', { ...bookingFacts(booking), holdExpiresAt: booking.holdExpiresAt! }, now)
        : transitionEvent('book', bookingFacts(booking), now),
    emailAllowance:
      context.memberEmail !== booking.attendeeEmail &&
      mailboxAllowance('booking-email', booking.attendeeEmail, bookingLimits.perEmailPerHour, now),
    addressAllowance: hourlyAllowance('booking-address', context.clientAddress, bookingLimits.perClientAddressPerHour, now),
    addressSeats: addressSeats.take(),
    request: context.requestKey !== undefined && {
      Put: {
        TableName: table,
        Item: {
          ...requestKey(context.requestKey),
          type: 'Request',
          fingerprint,
          bookingId: booking.id,
          ttl: expiresIn(REQUEST_KEY_SECONDS, now),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
  });
  if (!refusal) {
    count('booking');
    return pending ? checkoutReceipt(booking, { releaseOnFailure: true, deadline: context.deadline }) : receiptOf(booking);
  }

  const replay = refusal.refused('request');
  if (replay) {
    const first = unmarshall(replay) as { fingerprint: string; bookingId: string };
    // The same key with another session or other details is not a retry: the first answer is not theirs.
    if (first.fingerprint !== fingerprint) throw new HttpError(422, 'This request was already used for another booking.');
    const booked = await getBooking(first.bookingId);
    if (!booked) throw new Error(`The booking ${first.bookingId} of a replayed request is missing`);
    return booked.state === 'held'
      ? checkoutReceipt(booked, { releaseOnFailure: false, deadline: context.deadline })
      : receiptOf(booked);
  }
  const guard = refusal.refused('attendee');
  if (guard) return bookOverPendingBooking(session, request, context, String(unmarshall(guard).bookingId));
  if (refusal.refused('seat')) {
    count('soldOut');
    throw conflict('This session is sold out.');
  }
  if (refusal.refused('discount')) throw redemptionRefusal(refusal.refused('discount'), now);
  const emailAllowance = refusal.refused('emailAllowance');
  if (emailAllowance) throw tooManyForEmail(emailAllowance, now);
  const addressAllowance = refusal.refused('addressAllowance');
  if (addressAllowance)
    throw tooMany('Too many bookings from your network.', addressAllowance, bookingLimits.perClientAddressPerHour, now);
  if (refusal.refused('addressSeats')) throw tooManySeatsFromNetwork();
  throw new Error('The booking transaction was refused for no known reason');
}

/**
 * The address already has a booking for this session. A completed one stands. A pending one
 * (a checkout not paid) is replaced, its seat released, when its hold has run out or the
 * request names it (`replacePending`: only whoever started that checkout, or its member, knows
 * its id). Otherwise its member gets the 'Pending booking' dialog (docs/product.md#booking: 409 with its id, to resume it
 * or replace it), and anyone else is told the address's checkout is still open.
 */
async function bookOverPendingBooking(
  session: SessionRecord,
  request: BookingRequest,
  context: BookingContext,
  existingId: string,
): Promise<BookingReceipt> {
  const existing = await getBooking(existingId, { consistent: true });
  if (existing?.state === 'unconfirmed' && !holdLapsed(existing, context.now)) {
    throw conflict('This email address has a booking awaiting confirmation: follow the link we e-mailed to keep the seat.');
  }
  if (existing?.state === 'unconfirmed') {
    await releaseBooking(existing, 'email_unconfirmed', context.now);
    return bookSession(session, request, context);
  }
  if (existing?.state !== 'held') throw conflict('This email address has already booked this session.');
  if (!holdLapsed(existing, context.now) && request.replacePending !== existing.id) {
    if (context.userId !== undefined && existing.userId === context.userId) {
      const answer: PendingBookingConflict = {
        message: 'You already have a pending booking for this session.',
        pendingBookingId: existing.id,
      };
      throw new HttpError(409, answer.message, undefined, { pendingBookingId: answer.pendingBookingId });
    }
    await sendCheckoutLink(existing, context);
    throw conflict(
      "This email address has a booking awaiting payment for this session. We've e-mailed you the link to complete it.",
    );
  }
  await abandonCheckout(existing, context.now);
  // Released (or settled by a payment meanwhile, which the retry then reports): book once more.
  return bookSession(session, { ...request, replacePending: undefined }, context);
}

/**
 * Someone without the booking's id (its owner on another device, or anyone who knows the
 * address) is not told the id: the address's mailbox is sent the way back to it instead,
 * counted against the address's hourly booking allowance so nobody can flood it.
 */
async function sendCheckoutLink(booking: BookingRecord, context: BookingContext) {
  const refusal = await transactNamed({
    emailAllowance: mailboxAllowance('booking-email', booking.attendeeEmail, bookingLimits.perEmailPerHour, context.now),
    event: outboxEvent('CheckoutLinkRequested', bookingFacts(booking), context.now),
  });
  if (refusal) throw tooManyForEmail(refusal.refused('emailAllowance') ?? {}, context.now);
}

/** The receipt of a pending booking, with its checkout opened (once: a retry gets the same one). */
async function checkoutReceipt(booking: BookingRecord, options: Parameters<typeof openCheckout>[1]): Promise<BookingReceipt> {
  const checkoutUrl = booking.checkoutUrl ?? (await openCheckout(booking, options));
  return receiptOf({ ...booking, checkoutUrl });
}
