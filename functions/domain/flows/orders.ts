import type { Actor } from '../../lib/auth';
import { conflict } from '../../lib/errors';
import { queryPage, type Page, type PageQuery } from '../../lib/paging';
import { gsi3, tableName, withoutKeys } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { outboxEvent } from '../../outbox/outbox';
import type { AdminOrder } from '../../schemas/order';
import { auditEntry } from '../records/audit';
import { shownStatus } from '../records/booking-lifecycle';
import { bookingFacts, listSessionBookings, type BookingRecord } from '../records/bookings';
import { ORDERS_PARTITION } from '../records/keys';
import { removeAttendee } from './cancel-booking';
import { PACKAGE_NAME } from '../../schemas/purchase';
import { shownPurchaseStatus } from '../records/purchase-lifecycle';
import type { PurchaseRecord } from '../records/purchases';

// The administrator's orders: every booking and recordings purchase, newest first, and what the
// administrator may do to one. Every change is a transition of the booking lifecycle with its
// audit entry; nothing writes a status directly. The status change, which may close a Stripe
// checkout, is in order-status.ts, so only its route carries the Stripe client.

export function orderView(booking: BookingRecord): AdminOrder {
  return {
    id: booking.id,
    kind: 'booking',
    title: booking.session.title,
    name: booking.attendeeName,
    email: booking.attendeeEmail,
    ...shownStatus(booking),
    price: booking.price,
    discountCode: booking.discountCode ?? null,
    paidBy: booking.paidBy ?? null,
    createdAt: booking.createdAt,
    session: { id: booking.sessionId, title: booking.session.title, startTime: booking.session.startTime },
  };
}

/** A purchase of the recordings package in the same list. */
export function purchaseOrderView(purchase: PurchaseRecord): AdminOrder {
  return {
    id: purchase.id,
    kind: 'purchase',
    title: PACKAGE_NAME,
    name: purchase.customerName ?? 'No name provided',
    email: purchase.customerEmail,
    ...shownPurchaseStatus(purchase),
    price: purchase.price,
    discountCode: purchase.discountCode ?? null,
    paidBy: null,
    createdAt: purchase.createdAt,
    session: null,
  };
}

/** A page of orders (bookings and purchases), newest first; a session's own bookings, oldest first, when one is named. */
export async function listOrders(page: PageQuery, sessionId?: string): Promise<Page<AdminOrder>> {
  if (sessionId) {
    const bookings = await listSessionBookings(sessionId, page);
    return { ...bookings, items: bookings.items.map(orderView) };
  }
  return queryPage(
    {
      TableName: tableName(),
      IndexName: gsi3.indexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': gsi3.partitionKey },
      ExpressionAttributeValues: { ':pk': ORDERS_PARTITION },
      ScanIndexForward: false,
    },
    page,
    (item) =>
      item.type === 'Purchase'
        ? purchaseOrderView(withoutKeys<PurchaseRecord>(item))
        : orderView(withoutKeys<BookingRecord>(item)),
  );
}

/** A paid booking refunded in full through Stripe, its seat released: its attendee removed. */
export async function refundOrder(booking: BookingRecord, actor: Actor, now: Date) {
  if (shownStatus(booking).paymentStatus !== 'paid') throw conflict('Only a paid booking can be refunded.');
  return removeAttendee(booking, actor, now, 'booking.refunded');
}

/** The confirmation e-mail sent again, for a booking that has its seat. */
export async function resendConfirmation(booking: BookingRecord, actor: Actor, now: Date): Promise<void> {
  if (booking.state !== 'confirmed') throw conflict('Only a confirmed booking has a confirmation to send.');
  await transactNamed({
    event: outboxEvent('ConfirmationRequested', { ...bookingFacts(booking), requestedAt: now.toISOString() }, now),
    audit: auditEntry({ kind: 'booking', id: booking.id }, 'booking.confirmation-resent', actor, now),
  });
}
