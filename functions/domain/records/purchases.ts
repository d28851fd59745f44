import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { queryPage, type Page, type PageQuery } from '../../lib/paging';
import { gsi1, gsi2, gsi3, gsi4, tableName, withoutKeys } from '../../lib/table';
import type { Money } from '../../schemas/money';
import type { AdminPurchase, PurchaseReceipt, PurchaseStatusView } from '../../schemas/purchase';
import {
  ORDERS_PARTITION,
  packageOwnerKey,
  purchaseKey,
  addressPartition,
  ALL_PURCHASES,
  memberPurchasesPartition,
  orderSortKey,
} from './keys';
import type { PackageOwnerRecord } from './package';
import type { PurchaseEndReason, PurchaseState } from './purchase-lifecycle';
import type { Payer } from './payment-records';

// A purchase of the recordings package (docs/product.md#recordings-package): its keys and
// item, the reads of it, and the ownership it gives its member.

export type PurchaseRecord = {
  id: string;
  /** The member who bought it, or who claimed a guest's purchase with its verified address. */
  userId?: string;
  customerEmail: string;
  customerName: string | null;
  /** Where it stands (purchase-lifecycle.ts). */
  state: PurchaseState;
  stateChangedAt?: string;
  /** What is paid, in the buyer's currency, after the code: 0 when a code took the whole price. */
  price: Money;
  /** The package's price in that currency before the code. */
  originalPrice: Money;
  /** The promo code redeemed for it (one per purchase). */
  discountCode?: string;
  /** The Stripe Checkout Session opened for it (its Payment item), where the buyer pays, and when it runs out. */
  checkoutSessionId?: string;
  checkoutUrl?: string;
  checkoutExpiresAt?: string;
  paidAt?: string;
  /** The Stripe payment that paid it, which a refund gives back. */
  paymentIntentId?: string;
  /** An unpaid one that ended: when and why. */
  endedAt?: string;
  endReason?: PurchaseEndReason;
  createdAt: string;
};

/** A member's purchases, newest first: the keys that put a purchase on their resources page. */
export const memberPurchaseKeys = (userId: string, purchase: Pick<PurchaseRecord, 'id' | 'createdAt'>) => ({
  [gsi2.partitionKey]: memberPurchasesPartition(userId),
  [gsi2.sortKey]: orderSortKey('PURCHASE', purchase.createdAt, purchase.id),
});

export function purchaseItem(purchase: PurchaseRecord) {
  return {
    ...purchaseKey(purchase.id),
    ...(purchase.userId && memberPurchaseKeys(purchase.userId, purchase)),
    // Every purchase, newest first: the admin's purchases page.
    [gsi1.partitionKey]: ALL_PURCHASES,
    [gsi1.sortKey]: `${purchase.createdAt}#${purchase.id}`,
    // All orders, newest first: the admin's orders page (its Recordings tab).
    [gsi3.partitionKey]: ORDERS_PARTITION,
    [gsi3.sortKey]: orderSortKey('PURCHASE', purchase.createdAt, purchase.id),
    // Everything made with this e-mail address, for the account that verifies it.
    [gsi4.partitionKey]: addressPartition(purchase.customerEmail),
    [gsi4.sortKey]: orderSortKey('PURCHASE', purchase.createdAt, purchase.id),
    type: 'Purchase',
    ...purchase,
  };
}

/** Whom a purchase's refund tells, kept on the refund: the purchase may be deleted before it goes out. */
export const payerOf = (purchase: Pick<PurchaseRecord, 'customerEmail' | 'customerName'>): Payer => ({
  email: purchase.customerEmail,
  name: purchase.customerName,
});

/** Who bought what: what every purchase event carries. */
export const purchaseFacts = (purchase: Pick<PurchaseRecord, 'id' | 'customerEmail' | 'customerName'>) => ({
  purchaseId: purchase.id,
  customerEmail: purchase.customerEmail,
  customerName: purchase.customerName,
});

export async function getPurchase(id: string, options: { consistent?: boolean } = {}): Promise<PurchaseRecord | undefined> {
  const result = await dynamo.send(
    new GetCommand({ TableName: tableName(), Key: purchaseKey(id), ConsistentRead: options.consistent }),
  );
  return result.Item ? withoutKeys<PurchaseRecord>(result.Item) : undefined;
}

/** What the return page reads of a purchase: its status alone. */
export const purchaseStatusView = (purchase: PurchaseRecord): PurchaseStatusView => ({ id: purchase.id, status: purchase.state });

export const purchaseReceipt = (purchase: PurchaseRecord): PurchaseReceipt => ({
  id: purchase.id,
  status: purchase.state,
  price: purchase.price,
  discountCode: purchase.discountCode ?? null,
  createdAt: purchase.createdAt,
  paidAt: purchase.paidAt ?? null,
});

/** A purchase as the administrator's purchases page lists it. */
export const adminPurchaseView = (purchase: PurchaseRecord): AdminPurchase => ({
  id: purchase.id,
  name: purchase.customerName,
  email: purchase.customerEmail,
  createdAt: purchase.createdAt,
  paidAt: purchase.paidAt ?? null,
  status: purchase.state,
  price: purchase.price,
  originalPrice: purchase.originalPrice,
  discountCode: purchase.discountCode ?? null,
  paymentId: purchase.paymentIntentId ?? null,
  userId: purchase.userId ?? null,
});

/** Every purchase, newest first, a page at a time: one Query of gsi1 `PURCHASES`. */
export function listPurchases(page: PageQuery): Promise<Page<AdminPurchase>> {
  return queryPage(
    {
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': gsi1.partitionKey },
      ExpressionAttributeValues: { ':pk': ALL_PURCHASES },
      ScanIndexForward: false,
    },
    page,
    (item) => adminPurchaseView(withoutKeys<PurchaseRecord>(item)),
  );
}

/** A member's purchases, newest first: one Query of their own partition (a member has a handful at most). */
export async function listMemberPurchases(userId: string): Promise<PurchaseRecord[]> {
  const result = await dynamo.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: gsi2.indexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': gsi2.partitionKey },
      ExpressionAttributeValues: { ':pk': memberPurchasesPartition(userId) },
      ScanIndexForward: false,
      Limit: 50,
    }),
  );
  return (result.Items ?? []).map((item) => withoutKeys<PurchaseRecord>(item));
}

/**
 * The package's ownership, as one item of the transaction that pays (or claims) a purchase:
 * refused when the member owns it already, so nobody is sold it twice.
 */
export function takeOwnership(userId: string, purchaseId: string, now: Date) {
  const owner: PackageOwnerRecord = { userId, purchaseId, since: now.toISOString() };
  return {
    Put: {
      TableName: tableName(),
      Item: { ...packageOwnerKey(userId), type: 'PackageOwner', ...owner },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The ownership given back with the purchase that gave it (a refund): only if that purchase gave it. */
export function giveUpOwnership(userId: string, purchaseId: string) {
  return {
    Delete: {
      TableName: tableName(),
      Key: packageOwnerKey(userId),
      ConditionExpression: 'attribute_not_exists(pk) OR purchaseId = :purchaseId',
      ExpressionAttributeValues: { ':purchaseId': purchaseId },
    },
  };
}
