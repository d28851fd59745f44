import type { EventType } from '../../../events/catalogue';
import type { PurchaseStatus } from '../../schemas/purchase';
import { stateCheckOf, stateUpdate, type StateTransition, type TransitionChange } from './lifecycle';
import { purchaseKey } from './keys';

// The life of a recordings purchase in one place, as booking-lifecycle.ts is a booking's: its
// states, the named transitions between them with the event each writes. Every change of a
// purchase's state is one conditional write built here, inside the transaction that also writes
// its payment, the ownership of the package and the outbox event.

/** Where a purchase stands: its one status, as docs/product.md#recordings-package names them. */
export type PurchaseState = PurchaseStatus;

/** Why an unpaid purchase ended: its checkout ran out, the payment failed, no checkout could be opened, or the buyer left it unpaid. */
export type PurchaseEndReason = 'expired' | 'payment_failed' | 'checkout_failed' | 'checkout_cancelled';

export type PurchaseTransition = StateTransition<PurchaseState> & { event?: EventType; description: string };

export const purchaseTransitions = {
  open: {
    from: [],
    to: 'pending',
    event: 'PurchaseCreated',
    description: 'a purchase to pay awaits its checkout; the administrator is told',
  },
  grant: {
    from: [],
    to: 'paid',
    event: 'PurchasePaid',
    description: 'a code that takes the whole price gives the package at once',
  },
  pay: { from: ['pending'], to: 'paid', event: 'PurchasePaid', description: 'the checkout it opened is paid' },
  expire: { from: ['pending'], to: 'expired', description: 'its checkout ran out unpaid, or none could be opened' },
  fail: { from: ['pending'], to: 'failed', description: 'the payment its checkout started failed' },
  payLate: {
    from: ['expired', 'failed'],
    to: 'paid',
    event: 'PurchasePaid',
    description: 'a payment arrived after the checkout had ended: the package is given after all',
  },
  decline: {
    from: ['pending', 'expired', 'failed'],
    to: 'refunded',
    description: "its payment is given back as it arrives: the package is its buyer's already (never counted as paid)",
  },
  refund: {
    from: ['paid'],
    to: 'refunded',
    event: 'PurchaseRefunded',
    description: 'its money goes back (the administrator refunds it): the package is no longer owned',
  },
} as const satisfies Record<string, PurchaseTransition>;

export type PurchaseTransitionName = keyof typeof purchaseTransitions;

/** The conditional update that moves a purchase along `name` (a first write is a Put of the whole item instead). */
export function purchaseUpdate(
  name: Exclude<PurchaseTransitionName, 'open' | 'grant'>,
  purchaseId: string,
  now: Date,
  change: TransitionChange = {},
) {
  return stateUpdate<PurchaseState>(purchaseTransitions[name], purchaseKey(purchaseId), now, change);
}

/** A transaction item that only checks the purchase is still in one of `states`. */
export const purchaseStateCheck = (purchaseId: string, states: readonly PurchaseState[]) =>
  stateCheckOf(purchaseKey(purchaseId), states);

/** The transition that ends an unpaid purchase for `reason`. */
export const endingTransition = (reason: PurchaseEndReason) => (reason === 'payment_failed' ? 'fail' : 'expire');

/** What the admin's orders list shows, as for a booking: paid is completed (free at no cost), an ended one cancelled. */
export function shownPurchaseStatus(purchase: { state: PurchaseState; price: { amount: number } }) {
  switch (purchase.state) {
    case 'pending':
      return { status: 'pending', paymentStatus: 'pending' } as const;
    case 'paid':
      return { status: 'completed', paymentStatus: purchase.price.amount > 0 ? 'paid' : 'free' } as const;
    case 'expired':
      return { status: 'cancelled', paymentStatus: 'cancelled' } as const;
    case 'failed':
      return { status: 'cancelled', paymentStatus: 'failed' } as const;
    case 'refunded':
      return { status: 'cancelled', paymentStatus: 'refunded' } as const;
  }
}
