import { environment } from '../../lib/environment';
import { logger } from '../../lib/logger';
import { count } from '../../lib/metrics';
import { transactNamed } from '../../lib/transactions';
import { attendeeGuard, bookingFacts, getBooking, type BookingRecord } from '../records/bookings';
import { bookingKey, holdKey } from '../records/keys';
import { stateCheck, transitionUpdate } from '../records/booking-lifecycle';
import { transitionEvent } from '../records/booking-events';
import { countCodeUse, refusedCode } from '../records/discounts';
import {
  getPayment,
  markPaid,
  refundDue,
  type LateRefundReason,
  type PaidCheckout,
  type PaymentOutcome,
  type PaymentRecord,
  type ReportedMoney,
} from '../records/payment-records';
import { checkoutHold } from '../records/holds';
import { retakeAddressSeat, seatCounters, takeSeat } from '../records/sessions';
import { tableName } from '../../lib/table';
import { settlePurchase } from './purchase-payments';

// A paid checkout settled against what the site opened it for: the one path of the webhook and
// the admin's sync. No Stripe calls here (those are in checkout.ts and stripe-payments.ts).

/** A payment Stripe is still collecting (a bank debit) keeps the seat while the bank settles. */
const ASYNC_PAYMENT_HOLD_DAYS = 7;

/**
 * Records a paid checkout, once, for the Payment it opened: only a Checkout Session the site
 * opened, at the amount and currency it was opened for, marks anything paid. Any other payment
 * marked as this site's (another Checkout Session naming a booking, another sum) is logged and
 * counted for the operator, and money that arrived is given back; one without the site's mark
 * (SITE_ID) is another seller's on the same Stripe account, and is left alone.
 *
 * A recordings purchase is settled by purchase-payments.ts. A held booking is confirmed: the seat no longer held but taken, BookingConfirmed in the outbox.
 * A booking whose hold was already released takes a seat again if one is free; if not (or the
 * address has booked again), the payment is refunded: never an oversold session. Each
 * transaction is conditioned on the states it read, so a payment racing an expiry settles once.
 */
export async function recordPayment(paid: PaidCheckout, now: Date): Promise<PaymentOutcome> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const payment = await getPayment(paid.checkoutSessionId);
    // The account may take other payments (a payment link, another site): those are not this site's to settle or refund.
    if (!payment && paid.site !== environment('SITE_ID')) return 'not_ours';
    if (!payment || !sameMoney(payment.amount, paid.amount)) return refundUnexpected(paid, payment, now);
    if (payment.state === 'paid') return 'already_paid';
    if (payment.subject.kind === 'purchase') {
      const settled = await settlePurchase(payment, paid, now);
      if (settled) return settled;
      continue;
    }
    const booking = await getBooking(payment.subject.id, { consistent: true });
    if (!booking) throw new Error(`The booking ${payment.subject.id} of payment ${payment.checkoutSessionId} is missing`);
    const outcome =
      booking.state === 'held'
        ? await payBooking(booking, paid, now)
        : booking.state === 'released'
          ? await payBookingLate(booking, paid, now)
          : await refundLate(booking, paid, now);
    // undefined: the booking or the payment changed since they were read; read them again.
    if (outcome) return outcome;
  }
  throw new Error(`The payment ${paid.checkoutSessionId} could not be recorded: its order kept changing`);
}

/**
 * A checkout completed with the payment still on its way (a bank debit): the seat stays held
 * for the days the bank takes, until Stripe reports success or failure.
 */
export async function awaitAsyncPayment(booking: BookingRecord, now: Date): Promise<void> {
  const holdExpiresAt = new Date(now.getTime() + ASYNC_PAYMENT_HOLD_DAYS * 86_400_000).toISOString();
  const table = tableName();
  await transactNamed({
    booking: {
      Update: {
        TableName: table,
        Key: bookingKey(booking.id),
        UpdateExpression: 'SET holdExpiresAt = :expires',
        ConditionExpression: '#state = :held',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':expires': holdExpiresAt, ':held': 'held' },
      },
    },
    hold: checkoutHold({ ...booking, holdExpiresAt }),
  });
}

const sameMoney = (a: ReportedMoney, b: ReportedMoney) => a.amount === b.amount && a.currency === b.currency;

/** The held booking is paid (the lifecycle's `pay`): its seat no longer held but taken, its hold gone. */
async function payBooking(booking: BookingRecord, paid: PaidCheckout, now: Date) {
  const refusal = await transactNamed({
    payment: markPaid(paid.checkoutSessionId, paid.paymentIntentId, now),
    booking: transitionUpdate('pay', booking.id, now, { remove: ['holdExpiresAt'] }),
    // The held seat stays taken, now as a paid one.
    seat: seatCounters(booking.sessionId, { seatsHeld: -1 }),
    hold: { Delete: { TableName: tableName(), Key: holdKey(booking.id) } },
    event: transitionEvent('pay', bookingFacts(booking), now),
  });
  return refusal ? undefined : 'confirmed';
}

/** A payment after the release (`payLate`): the booking takes a free seat again, or the payment goes back. */
async function payBookingLate(booking: BookingRecord, paid: PaidCheckout, now: Date): Promise<PaymentOutcome | undefined> {
  const retaken = await transactNamed({
    payment: markPaid(paid.checkoutSessionId, paid.paymentIntentId, now),
    booking: transitionUpdate('payLate', booking.id, now, { remove: ['endedAt', 'endReason', 'endedBy'] }),
    seat: takeSeat(booking.sessionId, now, { held: false }),
    attendee: attendeeGuard(booking),
    // Paid for already, the seat is counted for its network again whatever its share.
    addressSeats: booking.addressSeatsKey !== undefined && retakeAddressSeat(booking.addressSeatsKey, booking.session.startTime),
    // They paid the discounted price: the code counts as used again, if it still exists and has a use left.
    discount: booking.discountCode !== undefined && countCodeUse(booking.discountCode, 1),
    event: transitionEvent('payLate', bookingFacts(booking), now),
  });
  if (!retaken) return 'confirmed';
  if (retaken.refused('payment') || retaken.refused('booking')) return undefined;
  const code = retaken.refused('discount');
  // A code deleted since is no longer counted.
  if (code && !refusedCode(code)) return payBookingLate({ ...booking, discountCode: undefined }, paid, now);
  // A code whose uses others took since is not theirs to use again: never more uses than its
  // limit, so the payment is given back as for a seat taken since.
  const seatGone = retaken.refused('seat') || retaken.refused('attendee');
  return refundLate(booking, paid, now, code && !seatGone ? 'code_used_up' : 'late_payment');
}

/** The seat or the code's use is gone (or the booking no longer takes one): the payment is recorded and given back. */
async function refundLate(
  booking: BookingRecord,
  paid: PaidCheckout,
  now: Date,
  reason: LateRefundReason = 'late_payment',
): Promise<PaymentOutcome | undefined> {
  if (!paid.paymentIntentId) throw new Error(`The late payment of booking ${booking.id} names no payment intent to refund`);
  const refusal = await transactNamed({
    payment: markPaid(paid.checkoutSessionId, paid.paymentIntentId, now),
    booking: stateCheck(booking.id, [booking.state]),
    ...refundDue(
      {
        subject: { kind: 'booking', id: booking.id },
        paymentIntentId: paid.paymentIntentId,
        amount: paid.amount,
        reason,
      },
      now,
    ),
  });
  // Refused on the refund: this payment is already being given back.
  return refusal && !refusal.refused('refund') ? undefined : 'refund_due';
}

/**
 * A payment for no Checkout Session the site opened, or for another sum than the one opened:
 * it marks nothing paid. The operator hears of it (an alarm on the count), and money that
 * arrived is given back.
 */
async function refundUnexpected(paid: PaidCheckout, payment: PaymentRecord | undefined, now: Date): Promise<PaymentOutcome> {
  logger.error('A payment does not match a checkout the site opened', {
    checkoutSessionId: paid.checkoutSessionId,
    paid: paid.amount,
    opened: payment?.amount ?? null,
  });
  count('unexpectedPayment');
  if (paid.paymentIntentId) {
    // Refused only when this payment is already being given back.
    await transactNamed(
      refundDue(
        { subject: payment?.subject, paymentIntentId: paid.paymentIntentId, amount: paid.amount, reason: 'unexpected_payment' },
        now,
      ),
    );
  }
  return 'unexpected';
}
