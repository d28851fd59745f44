import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { everyItem } from '../../lib/every-item';
import { gsi2, gsi4, tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { outboxEvent } from '../../outbox/outbox';
import { memberBookingKeys, type BookingRecord } from '../records/bookings';
import { bookingKey, purchaseKey, addressPartition } from '../records/keys';
import { refundDue } from '../records/payment-records';
import { purchaseUpdate } from '../records/purchase-lifecycle';
import {
  getPurchase,
  memberPurchaseKeys,
  payerOf,
  purchaseFacts,
  takeOwnership,
  type PurchaseRecord,
} from '../records/purchases';

/**
 * Gives a member the bookings and purchases made as a guest with their address, once they have
 * proved the address is theirs (Cognito's `email_verified`). Run when an account is confirmed and
 * again at every sign-in, for what a guest made with the address of an account that already
 * existed. Each claim is conditional, so running it twice changes nothing twice.
 */
export async function claimGuestOrders(userId: string, email: string, now: Date) {
  const [bookings, purchases] = await Promise.all([
    claimGuestBookings(userId, email),
    // A paid one also makes the recordings package theirs.
    claimGuestPurchases(userId, email, now),
  ]);
  return { bookings, purchases };
}

/**
 * Everything of one type (bookings, purchases) made as a guest with an address and not yet any
 * member's: every page of gsi4 `EMAIL#<address>`, for the account that verifies the address to claim.
 */
function unclaimedByAddress<T>(email: string, type: 'Booking' | 'Purchase'): Promise<T[]> {
  return everyItem<T>({
    TableName: tableName(),
    IndexName: gsi4.indexName,
    KeyConditionExpression: '#pk = :pk',
    FilterExpression: '#type = :type AND attribute_not_exists(userId)',
    ExpressionAttributeNames: { '#pk': gsi4.partitionKey, '#type': 'type' },
    ExpressionAttributeValues: { ':pk': addressPartition(email), ':type': type },
  });
}

/**
 * Gives a new account the bookings made earlier as a guest with its (verified) address: each
 * booking of gsi4 `EMAIL#<address>` that has no member yet gets the user id and the gsi2 keys
 * that put it on their dashboard. Conditional on having no member, so a retried trigger or a
 * concurrent claim changes nothing twice. Answers how many bookings this call linked.
 */
async function claimGuestBookings(userId: string, email: string): Promise<number> {
  const unclaimed = await unclaimedByAddress<BookingRecord>(email, 'Booking');

  let claimed = 0;
  for (let i = 0; i < unclaimed.length; i += 10) {
    const results = await Promise.all(unclaimed.slice(i, i + 10).map((booking) => linkBooking(userId, booking)));
    claimed += results.filter(Boolean).length;
  }
  return claimed;
}

async function linkBooking(userId: string, booking: BookingRecord): Promise<boolean> {
  const keys = memberBookingKeys(userId, booking);
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: bookingKey(booking.id),
        UpdateExpression: 'SET userId = :userId, #gsi2pk = :gsi2pk, #gsi2sk = :gsi2sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(userId)',
        ExpressionAttributeNames: { '#gsi2pk': gsi2.partitionKey, '#gsi2sk': gsi2.sortKey },
        ExpressionAttributeValues: { ':userId': userId, ':gsi2pk': keys[gsi2.partitionKey], ':gsi2sk': keys[gsi2.sortKey] },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Gives a new account the purchases made earlier as a guest with its (verified) address, as
 * claimGuestBookings does bookings: each gets the user id and the keys of the member's list, and
 * a paid one the ownership of the package, in one transaction conditioned on the purchase having
 * no member yet and still being in the state read (a payment racing the claim then sees the
 * member and writes the ownership itself). Another account never claims it. Answers how many
 * purchases this call linked.
 */
async function claimGuestPurchases(userId: string, email: string, now: Date): Promise<number> {
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
