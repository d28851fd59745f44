import type { BookingStatus } from '@schemas/booking';

export type BookingBadge = { label: 'Confirmed' | 'Completed' | 'Cancelled' | 'Pending'; tone: 'success' | 'danger' | 'warning' };

/**
 * The badge a booking shows, wherever one is shown. A stored 'completed' means the seat is the
 * member's (paid, or free); it reads 'Confirmed' until the session has ended and 'Completed'
 * after. Cancelled is red, and anything else waits for its payment: 'Pending', yellow (docs/product.md#payments).
 */
export function bookingBadge(status: BookingStatus, session: { endTime: string }, now = new Date()): BookingBadge {
  if (status === 'completed') {
    return { label: Date.parse(session.endTime) <= now.getTime() ? 'Completed' : 'Confirmed', tone: 'success' };
  }
  if (status === 'cancelled') return { label: 'Cancelled', tone: 'danger' };
  return { label: 'Pending', tone: 'warning' };
}
