import * as z from 'zod/mini';
import type { BookingStatus, ManualPayment, PaymentStatus } from './booking';
import type { Money } from './money';
import type { AuditEntry } from './audit';

/** An order as the administrator's orders page shows it: a session booking, or a purchase of the recordings package (no session). */
export type AdminOrder = {
  id: string;
  kind: 'booking' | 'purchase';
  name: string;
  email: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  price: Money;
  discountCode: string | null;
  /** A booking the administrator entered herself: how it was paid, outside the checkout. */
  paidBy: ManualPayment | null;
  createdAt: string;
  /** What was ordered: the session's title, or the package's name. */
  title: string;
  session: { id: string; title: string; startTime: string } | null;
};

export type AdminOrderPage = { orders: AdminOrder[]; nextCursor: string | null };

/** `GET /api/admin/orders/{id}`: the order and who changed it, newest first. */
export type AdminOrderDetail = { order: AdminOrder; history: AuditEntry[] };

/** The payment statuses the administrator may ask for (docs/product.md#payments); going back to pending is refused. */
export const settableStatuses = ['paid', 'pending', 'cancelled', 'free'] as const;
export type SettableStatus = (typeof settableStatuses)[number];

/**
 * What an order's status may become, as the booking lifecycle allows it (order-status.ts): one
 * awaiting payment may be marked paid or free, or cancelled; a confirmed one only cancelled (its
 * attendee removed, refunded if paid); an ended one nothing. Nothing goes back to pending.
 */
export function statusChoices(paymentStatus: PaymentStatus): SettableStatus[] {
  if (paymentStatus === 'pending') return ['paid', 'free', 'cancelled'];
  if (paymentStatus === 'paid' || paymentStatus === 'free') return ['cancelled'];
  return [];
}

/** `POST /api/admin/orders/{id}/status`. */
export const OrderStatusChange = z.object({
  paymentStatus: z.enum(settableStatuses, { error: 'Status must be paid, pending, cancelled or free' }),
});
