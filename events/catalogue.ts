import * as z from 'zod/mini';
import { currencies } from './money';

/**
 * Every domain event and its schema, and which consumer takes which event: data that functions/,
 * infra/ and local/ read, importing nothing from them. Events are written to the table's outbox in
 * the same transaction as the change they report; the table's stream carries them to the bus
 * (functions/outbox/relay.ts), which invokes the consumers below.
 */
export const EVENT_SOURCE = 'breathwork';

/**
 * How long an event can be brought back: a dead-letter queue keeps a failed delivery this long, the
 * outbox keeps every event this long for re-publishing, and a consumer remembers this long which
 * events it handled, so nothing re-driven or re-published within it is lost or handled twice.
 */
export const EVENT_RETENTION_DAYS = 14;

// The schemas below are made on their first use (`z.lazy`), as are the parts they share: a function
// that handles two events does not build the twenty others when it loads.
const text = () => z.string().check(z.minLength(1));
/** Who booked what: every booking event carries it. */
const bookingFacts = () => z.object({ bookingId: text(), sessionId: text(), attendeeName: text(), attendeeEmail: z.email() });
/** Who bought the recordings package: every purchase event carries it. */
const purchaseFacts = () => z.object({ purchaseId: text(), customerEmail: z.email(), customerName: z.nullable(text()) });
/** What a change of a session that its attendees are told of changed. */
export const sessionChanges = ['time', 'place', 'joinLink'] as const;
export type SessionChange = (typeof sessionChanges)[number];
const money = () => z.object({ amount: z.int().check(z.nonnegative()), currency: z.enum(currencies) });

export const eventCatalogue = {
  BookingCreated: {
    description: 'A paid booking awaits payment: its seat is held until holdExpiresAt.',
    schema: z.lazy(() => z.extend(bookingFacts(), { price: money(), holdExpiresAt: z.iso.datetime() })),
  },
  ConfirmationRequested: {
    description: "The administrator asked for a booking's confirmation e-mail to be sent again.",
    schema: z.lazy(() => z.extend(bookingFacts(), { requestedAt: z.iso.datetime() })),
  },
  BookingAwaitsEmail: {
    description: "A guest's free booking holds its seat until holdExpiresAt: they are e-mailed the link that confirms it.",
    schema: z.lazy(() => z.extend(bookingFacts(), { holdExpiresAt: z.iso.datetime() })),
  },
  CheckoutLinkRequested: {
    description: 'Someone booked again with the address of a booking awaiting payment: its owner is sent the way back to it.',
    schema: z.lazy(bookingFacts),
  },
  BookingConfirmed: {
    description: 'A seat was booked and needs no further payment.',
    schema: z.lazy(bookingFacts),
  },
  BookingExpired: {
    description: "A pending booking's held seat was released without payment.",
    schema: z.lazy(() =>
      z.extend(bookingFacts(), {
        /**
         * The checkout ran out, the payment failed, the visitor booked anew, no checkout could be
         * opened, the administrator cancelled it, a free seat's address was not confirmed, or the
         * visitor cancelled the checkout on Stripe's page, or the teacher cancelled the session.
         */
        reason: z.enum([
          'expired',
          'payment_failed',
          'replaced',
          'checkout_failed',
          'cancelled_by_admin',
          'email_unconfirmed',
          'checkout_cancelled',
          'session_cancelled',
        ]),
      }),
    ),
  },
  BookingCancelled: {
    description:
      'A confirmed booking was cancelled by its attendee, removed by the administrator or ended with its cancelled session: the seat is free again, and a paid one is refunded.',
    schema: z.lazy(() => z.extend(bookingFacts(), { refund: z.nullable(money()) })),
  },
  RefundDue: {
    description:
      'Money is owed back (a payment after its seat was gone, or one for no checkout we opened): its Refund item says what.',
    schema: z.lazy(() => z.object({ paymentIntentId: text() })),
  },
  WaitlistJoined: {
    description: 'Someone joined the waitlist of a sold-out session: they are told their position and how to leave.',
    schema: z.lazy(() => z.object({ placeId: text(), sessionId: text() })),
  },
  WaitlistSeatFreed: {
    description:
      'A booking gave its seat back, or a raised capacity made seats, while people waited: the seats are kept for the waitlist, to offer.',
    // No booking when the administrator raised the capacity.
    schema: z.lazy(() => z.object({ sessionId: text(), bookingId: z.optional(text()), freedAt: z.iso.datetime() })),
  },
  WaitlistOffered: {
    description: 'A kept seat is held for the first person waiting until offerExpiresAt: they are sent the offer.',
    schema: z.lazy(() => z.object({ placeId: text(), sessionId: text(), offerExpiresAt: z.iso.datetime() })),
  },
  WaitlistOfferEnded: {
    description:
      'An offer was declined, lapsed, removed by the administrator or ended with its cancelled session: its seat goes to the next person waiting, and one who declined, let it lapse or lost it to the cancellation is told.',
    schema: z.lazy(() =>
      z.object({ placeId: text(), sessionId: text(), reason: z.enum(['declined', 'lapsed', 'removed', 'session_cancelled']) }),
    ),
  },
  WaitlistSessionCancelled: {
    description: 'Someone waiting for a seat was taken off the list of a session the teacher cancelled: they are told.',
    schema: z.lazy(() => z.object({ placeId: text(), sessionId: text() })),
  },
  SessionCancelled: {
    description:
      'The administrator cancelled a session (or asked again to finish cancelling it): each booking and waitlist place it still has is ended, paid ones refunded, everyone told.',
    schema: z.lazy(() => z.object({ sessionId: text(), requestedAt: z.iso.datetime() })),
  },
  SessionShared: {
    description: 'Someone shared a session with an address: it is sent the session and its link.',
    schema: z.lazy(() => z.object({ sessionId: text(), to: z.email(), sharedAt: z.iso.datetime() })),
  },
  ReminderDue: {
    description: 'A booked session starts within a day: its attendee is reminded.',
    schema: z.lazy(bookingFacts),
  },
  StartingSoonDue: {
    description: 'A booked online session starts soon: its attendee is sent the joining link.',
    schema: z.lazy(bookingFacts),
  },
  SessionChanged: {
    description:
      "The administrator changed a booked session's time, place or joining link: its notice (what it was) goes to everyone booked.",
    schema: z.lazy(() =>
      z.object({
        sessionId: text(),
        noticeId: text(),
        revision: z.int().check(z.positive()),
        changes: z.array(z.enum(sessionChanges)).check(z.minLength(1)),
      }),
    ),
  },
  AttendeesMessaged: {
    description: "The administrator wrote to a session's attendees: the notice (their message) goes to everyone booked.",
    schema: z.lazy(() => z.object({ sessionId: text(), noticeId: text() })),
  },
  AttendeeNoticesPage: {
    description: "The next page of a session's bookings to queue a notice for, from where the last page ended.",
    schema: z.lazy(() => z.object({ sessionId: text(), noticeId: text(), cursor: text() })),
  },
  AttendeeNoticeDue: {
    description: "A notice (a change of the session, or the administrator's message) is due to one booked attendee.",
    schema: z.lazy(() => z.extend(bookingFacts(), { noticeId: text() })),
  },
  PurchaseCreated: {
    description:
      'Someone started buying the recordings package (awaiting its checkout, or given at once by a code that takes the whole price): the administrator is told.',
    schema: z.lazy(() => z.extend(purchaseFacts(), { price: money(), discountCode: z.nullable(text()) })),
  },
  PurchasePaid: {
    description: 'A recordings purchase was paid (or given free): its buyer is sent the receipt.',
    schema: z.lazy(purchaseFacts),
  },
  PurchaseRefunded: {
    description:
      "A paid recordings purchase was refunded (by the administrator, or as a second purchase of a package its member owns): what was paid (none when it was given free) comes off the week's revenue.",
    schema: z.lazy(() => z.extend(purchaseFacts(), { refund: z.nullable(money()), refundedAt: z.iso.datetime() })),
  },
  PasswordSetByAdministrator: {
    description:
      "The administrator set a member's password, which signed them out everywhere: they are told, in case it was not theirs to ask.",
    schema: z.lazy(() => z.object({ userId: text(), email: z.email(), setAt: z.iso.datetime() })),
  },
  Heartbeat: {
    description:
      'Sent every 10 minutes through the table, its stream, the relay and the bus to a consumer: when none arrives, that path has stopped.',
    schema: z.lazy(() => z.object({ sentAt: z.iso.datetime() })),
  },
} satisfies Record<string, { description: string; schema: z.ZodMiniType }>;

export type EventType = keyof typeof eventCatalogue;
export type EventDetail<T extends EventType> = z.infer<(typeof eventCatalogue)[T]['schema']>;
export const eventTypes = Object.keys(eventCatalogue) as EventType[];

/**
 * The consumers, each declared once with the events it handles: one rule per consumer in AWS, the
 * same module on the local bus; what each may touch is in functions/consumers.ts. Delivery is at
 * least once, so each is idempotent (functions/lib/event-consumer.ts).
 */
export const consumers = [
  {
    handler: 'notifications/booking-confirmation',
    on: ['BookingConfirmed', 'ConfirmationRequested'],
  },
  {
    handler: 'notifications/admin-booking-alert',
    on: ['BookingConfirmed'],
  },
  {
    handler: 'notifications/session-reminder',
    on: ['ReminderDue', 'StartingSoonDue'],
  },
  {
    handler: 'notifications/checkout-expired',
    on: ['BookingExpired'],
  },
  {
    handler: 'notifications/booking-cancelled',
    on: ['BookingCancelled'],
  },
  {
    handler: 'notifications/checkout-link',
    on: ['CheckoutLinkRequested'],
  },
  {
    handler: 'notifications/confirm-email',
    on: ['BookingAwaitsEmail'],
  },
  {
    handler: 'notifications/session-shared',
    on: ['SessionShared'],
  },
  {
    handler: 'waitlist/offer-seats',
    on: ['WaitlistSeatFreed', 'WaitlistOfferEnded'],
  },
  {
    handler: 'notifications/waitlist',
    on: ['WaitlistJoined', 'WaitlistOffered', 'WaitlistOfferEnded', 'WaitlistSessionCancelled'],
  },
  {
    handler: 'sessions/end-cancelled-session',
    on: ['SessionCancelled'],
  },
  {
    // Fans a notice out a page of bookings at a time: each page writes one AttendeeNoticeDue per
    // attendee, and the next page's event, so no invocation grows with the session.
    handler: 'notifications/queue-attendee-notices',
    on: ['SessionChanged', 'AttendeesMessaged', 'AttendeeNoticesPage'],
  },
  {
    handler: 'notifications/attendee-notice',
    on: ['AttendeeNoticeDue'],
  },
  {
    handler: 'overview/count-facts',
    on: ['BookingConfirmed', 'BookingCancelled', 'PurchasePaid', 'PurchaseRefunded'],
  },
  {
    handler: 'notifications/purchase-admin-alert',
    on: ['PurchaseCreated'],
  },
  {
    handler: 'notifications/purchase-receipt',
    on: ['PurchasePaid'],
  },
  {
    handler: 'payments/send-refund',
    on: ['RefundDue'],
  },
  {
    handler: 'notifications/password-set',
    on: ['PasswordSetByAdministrator'],
  },
  {
    handler: 'health/heartbeat',
    on: ['Heartbeat'],
  },
] as const satisfies readonly Consumer[];

export type Consumer = { handler: string; on: readonly EventType[] };
export type ConsumerName = (typeof consumers)[number]['handler'];
