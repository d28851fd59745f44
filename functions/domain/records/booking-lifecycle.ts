import { cancellableUntil, type BookingStatus, type PaymentStatus, type RefundShown } from '../../schemas/booking';
import type { Money } from '../../schemas/money';
import type { EventDetail, EventType } from '../../../events/catalogue';
import { bookingKey } from './keys';
import { stateCheckOf, stateUpdate, type TransitionChange } from './lifecycle';

// The life of a booking in one place: the states it can be in, the named transitions between
// them with the event each writes, and the guards that decide whether one may happen now. Every
// change of a booking's state is one conditional write built here, inside the transaction that
// also moves the seat, the hold and the outbox event with it.

/** Where a booking stands: its one status. */
export type BookingState = 'held' | 'unconfirmed' | 'confirmed' | 'released' | 'cancelled' | 'refunded';

/**
 * Why a booking ended, stored on it with who ended it: a held one unpaid (the reason its
 * BookingExpired event carries), or a confirmed one cancelled by its attendee or removed by the
 * administrator.
 */
export type EndReason = ReleaseReason | 'cancelled' | 'removed';
/** Why a held booking was released unpaid. */
export type ReleaseReason = EventDetail<'BookingExpired'>['reason'];
/** Who ended it: the visitor (booking anew, or leaving the checkout unpaid), Stripe (an expired or failed checkout), the site itself, its member, its guest (by the e-mailed link), or the administrator. */
export type EndedBy = 'visitor' | 'stripe' | 'site' | 'member' | 'guest' | 'admin';

export type Transition = {
  /** The states it starts from; none for a booking's first write. */
  from: readonly BookingState[];
  to: BookingState;
  /** The outbox event written with it, if any. */
  event?: EventType;
  description: string;
};

/*
 * Where each transition is carried out, in flows/: bookSession and acceptOffer (book, hold,
 * reserve), enterBooking (enter; manual-booking.ts), payBooking and payBookingLate (pay, payLate; settle-payment.ts), confirmEmail,
 * releaseBooking, settleBooking (order-status.ts), cancelBooking and removeAttendee (cancel,
 * remove; cancel-booking.ts), sendRefund (refund).
 */
export const transitions = {
  book: { from: [], to: 'confirmed', event: 'BookingConfirmed', description: 'a booking with nothing to pay takes its seat' },
  hold: {
    from: [],
    to: 'held',
    event: 'BookingCreated',
    description: 'a booking to pay holds its seat until the checkout ends',
  },
  enter: {
    from: [],
    to: 'confirmed',
    event: 'BookingConfirmed',
    description: 'the administrator enters a booking she took herself: paid in cash, by bank transfer, or complimentary',
  },
  reserve: {
    from: [],
    to: 'unconfirmed',
    event: 'BookingAwaitsEmail',
    description: 'a free booking of a session that asks guests to confirm their address holds its seat until they do',
  },
  pay: { from: ['held'], to: 'confirmed', event: 'BookingConfirmed', description: 'the checkout it opened is paid' },
  confirmEmail: {
    from: ['unconfirmed'],
    to: 'confirmed',
    event: 'BookingConfirmed',
    description: 'its guest followed the link e-mailed to them',
  },
  release: {
    from: ['held', 'unconfirmed'],
    to: 'released',
    event: 'BookingExpired',
    description: 'the hold ends unpaid: expired, failed, replaced, or no checkout opened',
  },
  settle: {
    from: ['held'],
    to: 'confirmed',
    event: 'BookingConfirmed',
    description: 'the administrator records its payment as made outside the checkout, or waives it',
  },
  payLate: {
    from: ['released'],
    to: 'confirmed',
    event: 'BookingConfirmed',
    description: 'a payment after the release takes a free seat again',
  },
  cancel: {
    from: ['confirmed'],
    to: 'cancelled',
    event: 'BookingCancelled',
    description: 'its attendee gives the seat back before the cancellation cut-off',
  },
  remove: {
    from: ['confirmed'],
    to: 'cancelled',
    event: 'BookingCancelled',
    description: 'the administrator removes its attendee before the session starts, or cancels the session',
  },
  refund: {
    from: ['released', 'cancelled'],
    to: 'refunded',
    description: 'the money of a cancelled booking, or of a payment with no seat left for it, went back',
  },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof transitions;

/**
 * The fields of a booking (bookings.ts) the guards and the shown status read, named here so the
 * lifecycle does not import the record that imports it.
 */
type BookingFields = {
  state: BookingState;
  price: Money;
  endReason?: EndReason;
  refundAmount?: Money;
  holdExpiresAt?: string;
  session: { startTime: string };
};

/** The two statuses the pages and the API show (docs/product.md#payments), from the one the booking keeps. */
export function shownStatus(booking: Pick<BookingFields, 'state' | 'price' | 'endReason'>): {
  status: BookingStatus;
  paymentStatus: PaymentStatus;
} {
  switch (booking.state) {
    case 'held':
    case 'unconfirmed':
      return { status: 'pending', paymentStatus: 'pending' };
    case 'confirmed':
      return { status: 'completed', paymentStatus: booking.price.amount > 0 ? 'paid' : 'free' };
    case 'released':
      return { status: 'cancelled', paymentStatus: booking.endReason === 'payment_failed' ? 'failed' : 'cancelled' };
    case 'cancelled':
      return { status: 'cancelled', paymentStatus: 'cancelled' };
    case 'refunded':
      return { status: 'cancelled', paymentStatus: 'refunded' };
  }
}

/**
 * What a booking's pages say of its money going back: owed from the cancellation of a paid
 * booking until Stripe has it, then sent. A payment refunded after its booking was released (it
 * came too late) was the booking's price.
 */
export function shownRefund(booking: Pick<BookingFields, 'state' | 'price' | 'refundAmount'>): RefundShown | null {
  if (booking.state === 'refunded') return { amount: booking.refundAmount ?? booking.price, state: 'sent' };
  return booking.state === 'cancelled' && booking.refundAmount ? { amount: booking.refundAmount, state: 'owed' } : null;
}

/**
 * The one seat rule, the same for every view: a booking is a place at the session (and counts as
 * sold) once it is confirmed, paid or free. A held one keeps its seat only until its checkout
 * ends, and is not yet attending.
 */
export const ATTENDING_STATES: readonly BookingState[] = ['confirmed'];

/** A held or unconfirmed booking whose hold has run out (or never had an expiry). */
export const holdLapsed = (booking: Pick<BookingFields, 'state' | 'holdExpiresAt'>, now: Date) =>
  (booking.state === 'held' || booking.state === 'unconfirmed') &&
  (!booking.holdExpiresAt || Date.parse(booking.holdExpiresAt) <= now.getTime());

/** A booking that can still be paid: held, with time left on its hold. */
export const isPayable = (booking: Pick<BookingFields, 'state' | 'holdExpiresAt'>, now: Date) =>
  booking.state === 'held' && !holdLapsed(booking, now);

/** A confirmed booking whose session is further away than the cancellation cut-off. */
export const isCancellable = (booking: Pick<BookingFields, 'state' | 'session'>, now: Date) =>
  booking.state === 'confirmed' && now.toISOString() < cancellableUntil(booking.session.startTime);

/**
 * The conditional update that moves a booking along `name` (lifecycle.ts): its state set to the
 * transition's target on condition that it is in one of the states the transition starts from
 * (and `when`), with `set` and `remove` written in the same update. The refusal of this item
 * means the booking was no longer where the caller read it.
 */
export function transitionUpdate(
  name: Exclude<TransitionName, 'book' | 'hold' | 'reserve'>,
  bookingId: string,
  now: Date,
  change: TransitionChange = {},
) {
  return stateUpdate<BookingState>(transitions[name], bookingKey(bookingId), now, change);
}

/** A transaction item that only checks the booking is still in one of `states`. */
export const stateCheck = (bookingId: string, states: readonly BookingState[]) => stateCheckOf(bookingKey(bookingId), states);
