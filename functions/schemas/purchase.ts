import * as z from 'zod/mini';
import { personName } from './text';
import { DiscountCodeText } from './discount';
import { currencies, type Money } from './money';
import type { AuditEntry } from './audit';

// The recordings package as the site sells it: the offer, the purchase dialog's request, and
// what the return page and the member's resources read. Parsed the same way in the browser.

/** The package is the site's one product with a fixed name. */
export const PACKAGE_NAME = 'Birth Breathwork Recordings';

export const currencyField = z.enum(currencies, { error: 'Currency must be GBP, EUR or USD' });

/** `GET /api/package?currency=&code=`: the price in the visitor's currency, with a code's discount when one is given. */
export const PackageQuery = z.object({
  currency: z.optional(currencyField),
  code: z.optional(DiscountCodeText),
});

/** The answer of `GET /api/package`. */
export type PackageOffer = {
  /** Before any code, converted to the requested currency. */
  originalPrice: Money;
  /** What the caller would pay: the original price, less the code's discount. */
  price: Money;
  discount: { code: string; percentOff: number; free: boolean } | null;
  /** Whether the signed-in caller owns the package already (always false for a guest). */
  owned: boolean;
};

/** The words when a guest leaves the e-mail out (docs/product.md#recordings-package). */
export const MISSING_EMAIL = 'Missing information: Please provide your email address.';

const email = z.pipe(
  z.string({ error: MISSING_EMAIL }).check(z.trim(), z.toLowerCase(), z.maxLength(254, 'Please enter a valid email address')),
  z.email('Please enter a valid email address'),
);

/**
 * `POST /api/purchases`: a guest gives an e-mail (and may give a name); a member's address comes
 * from their token and their name from their profile. The price is always the server's: only the
 * currency and the code are read.
 */
export const PurchaseRequest = z.object({
  email: z.optional(email),
  name: z.optional(personName('Name', 200)),
  currency: z.optional(currencyField),
  /** One promo code per purchase. */
  discountCode: z.optional(DiscountCodeText),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;

/** The answer to a purchase: Stripe Checkout's address, or (a code that takes the whole price) access at once. */
export type PurchaseAnswer =
  { purchaseId: string; freeAccess: false; url: string } | { purchaseId: string; freeAccess: true; redirectUrl: string };

/** The purchase statuses (docs/product.md#recordings-package), and what ended an unpaid one. */
export type PurchaseStatus = 'pending' | 'paid' | 'expired' | 'failed' | 'refunded';

/**
 * `GET /api/purchases/{id}`: what the return page needs and nothing more. The id is unguessable,
 * so a guest holding it may learn the status, never who bought or with which code.
 */
export type PurchaseStatusView = { id: string; status: PurchaseStatus };

/** `POST /api/purchases/{id}/checkout/cancel`: whether the pending purchase was ended by this call. */
export type PurchaseCheckoutCancellation = { ended: boolean };

/** A member's purchase as their resources page shows it: the receipt. */
export type PurchaseReceipt = {
  id: string;
  status: PurchaseStatus;
  price: Money;
  discountCode: string | null;
  createdAt: string;
  paidAt: string | null;
};

/** `GET /api/purchases`: the signed-in member's purchases, newest first. */
export type MemberPurchases = { purchases: PurchaseReceipt[] };

/**
 * A purchase as the administrator's purchases page lists it (docs/product.md#admin-area): Name (null when
 * the buyer gave none), Email, Purchase Date, Currency (the price's), Discount (the code, and what it
 * took off the original price), Status and Payment ID (Stripe's payment, once paid).
 */
export type AdminPurchase = {
  id: string;
  name: string | null;
  email: string;
  createdAt: string;
  paidAt: string | null;
  status: PurchaseStatus;
  price: Money;
  originalPrice: Money;
  discountCode: string | null;
  paymentId: string | null;
  /** The member whose purchase it is, once a member has it. */
  userId: string | null;
};

/** `GET /api/admin/purchases`: newest first, a page at a time. */
export type AdminPurchasePage = { purchases: AdminPurchase[]; nextCursor: string | null };

/** `GET /api/admin/purchases/{id}`: the purchase and who changed it, newest first. */
export type AdminPurchaseDetail = { purchase: AdminPurchase; history: AuditEntry[] };
