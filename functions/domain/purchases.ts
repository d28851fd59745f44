import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws';
import { unclaimedByAddress } from './guest-claims';
import { queryPage, type Page, type PageQuery } from '../lib/paging';
import { gsi1, gsi2, gsi3, gsi4, tableName, withoutKeys } from '../lib/table';
import { transactNamed } from '../lib/transactions';
import type { Money } from '../schemas/money';
import type { AdminPurchase, PurchaseReceipt, PurchaseStatusView } from '../schemas/purchase';
import { ORDERS_PARTITION } from './bookings';
import { packageOwnerKey, type PackageOwnerRecord } from './package';
import { purchaseKey, purchaseUpdate, type PurchaseEndReason, type PurchaseState } from './purchase-lifecycle';
import { refundDue, type Payer } from './payment-records';
import { outboxEvent } from '../outbox/outbox';

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

export { purchaseKey };

/** The index partitions a purchase is listed in: every purchase (the admin's), its member's (apart from their bookings, which are ordered by session start), its address's. */
const PURCHASES_PARTITION = 'PURCHASES';
export const memberPurchasesPartition = (userId: string) => `USER#${userId}#PURCHASES`;
const addressPartition = (email: string) => `EMAIL#${email.toLowerCase()}`;

/** A member's purchases, newest first: the keys that put a purchase on their resources page. */
const memberPurchaseKeys = (userId: string, purchase: Pick<PurchaseRecord, 'id' | 'createdAt'>) => ({
  [gsi2.partitionKey]: memberPurchasesPartition(userId),
  [gsi2.sortKey]: `${purchase.createdAt}#PURCHASE#${purchase.id}`,
});

export function purchaseItem(purchase: PurchaseRecord) {
  return {
    ...purchaseKey(purchase.id),
    ...(purchase.userId && memberPurchaseKeys(purchase.userId, purchase)),
    // Every purchase, newest first: the admin's purchases page.
    [gsi1.partitionKey]: PURCHASES_PARTITION,
    [gsi1.sortKey]: `${purchase.createdAt}#${purchase.id}`,
    // All orders, newest first: the admin's orders page (its Recordings tab).
    [gsi3.partitionKey]: ORDERS_PARTITION,
    [gsi3.sortKey]: `${purchase.createdAt}#PURCHASE#${purchase.id}`,
    // Everything made with this e-mail address, for the account that verifies it.
    [gsi4.partitionKey]: addressPartition(purchase.customerEmail),
    [gsi4.sortKey]: `${purchase.createdAt}#PURCHASE#${purchase.id}`,
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
      ExpressionAttributeValues: { ':pk': PURCHASES_PARTITION },
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

/**
 * Gives a new account the purchases made earlier as a guest with its (verified) address, as
 * claimGuestBookings does bookings: each gets the user id and the keys of the member's list, and
 * a paid one the ownership of the package, in one transaction conditioned on the purchase having
 * no member yet and still being in the state read (a payment racing the claim then sees the
 * member and writes the ownership itself). Another account never claims it. Answers how many
 * purchases this call linked.
 */
export async function claimGuestPurchases(userId: string, email: string, now: Date): Promise<number> {
  const unclaimed = await unclaimedByAddress<PurchaseRecord>(email, 'Purchase');
  let claimed = 0;
  // Paid ones first, so the ownership names a paid purchase.
  for (const purchase of unclaimed.sort((a, b) => Number(b.state === 'paid') - Number(a.state === 'paid'))) {
    if (await linkPurchase(userId, purchase, now)) claimed++;
  }
  return claimed;
}

/**
 * A second paid purchase of the package, claimed by a member who owns it already (two paid as a
 * guest before the account existed, or one the payment's own check missed): linked to them and
 * refunded in full in one transaction, with PurchaseRefunded, as the administrator's refund is.
 */
function claimedAndRefunded(userId: string, purchase: PurchaseRecord, keys: ReturnType<typeof memberPurchaseKeys>, now: Date) {
  return {
    purchase: purchaseUpdate('refund', purchase.id, now, {
      set: { userId, [gsi2.partitionKey]: keys[gsi2.partitionKey], [gsi2.sortKey]: keys[gsi2.sortKey] },
      when: { condition: 'attribute_not_exists(userId)', values: {} },
    }),
    ...refundDue(
      {
        subject: { kind: 'purchase', id: purchase.id },
        paymentIntentId: purchase.paymentIntentId!,
        amount: purchase.price,
        reason: 'already_owned',
        payer: payerOf(purchase),
      },
      now,
    ),
    event: outboxEvent(
      'PurchaseRefunded',
      { ...purchaseFacts(purchase), refund: purchase.price, refundedAt: now.toISOString() },
      now,
    ),
  };
}

async function linkPurchase(userId: string, read: PurchaseRecord, now: Date): Promise<boolean> {
  let purchase: PurchaseRecord | undefined = read;
  for (let attempt = 0; attempt < 5 && purchase && purchase.userId === undefined; attempt++) {
    const keys = memberPurchaseKeys(userId, purchase);
    const link = {
      Update: {
        TableName: tableName(),
        Key: purchaseKey(purchase.id),
        UpdateExpression: 'SET userId = :userId, #gsi2pk = :gsi2pk, #gsi2sk = :gsi2sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(userId) AND #state = :state',
        ExpressionAttributeNames: { '#gsi2pk': gsi2.partitionKey, '#gsi2sk': gsi2.sortKey, '#state': 'state' },
        ExpressionAttributeValues: {
          ':userId': userId,
          ':gsi2pk': keys[gsi2.partitionKey],
          ':gsi2sk': keys[gsi2.sortKey],
          ':state': purchase.state,
        },
      },
    };
    const paid = purchase.state === 'paid';
    const refusal = await transactNamed({ purchase: link, owner: paid && takeOwnership(userId, purchase.id, now) });
    if (!refusal) return true;
    // Owned already (another paid purchase): the purchase is still theirs to see, and a second payment goes back.
    if (paid && refusal.refused('owner') && !refusal.refused('purchase')) {
      const second = purchase.price.amount > 0 ? claimedAndRefunded(userId, purchase, keys, now) : { purchase: link };
      return (await transactNamed(second)) === undefined;
    }
    purchase = await getPurchase(purchase.id, { consistent: true });
  }
  return false;
}
