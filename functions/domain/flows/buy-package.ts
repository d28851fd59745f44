import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulid';
import type { Caller } from '../../lib/auth';
import { conflict, HttpError } from '../../lib/errors';
import { allowanceFreesAt, hourlyAllowance, mailboxAllowance } from '../../lib/rate-limit';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { formatClockTime } from '../../lib/when';
import { outboxEvent } from '../../outbox/outbox';
import { MISSING_EMAIL, PACKAGE_NAME, type PurchaseAnswer, type PurchaseRequest } from '../../schemas/purchase';
import { nameFromAttributes } from '../../schemas/profile';
import { checkActive, countCodeAttempt, discountRedemption, redemptionRefusal } from '../records/discounts';
import { getPackagePrice, ownsPackage } from '../records/package';
import { getProfile } from '../records/profiles';
import { closedUnpaid, openOrderCheckout } from './checkout';
import { quotePrice } from '../records/pricing';
import { purchaseTransitions } from '../records/purchase-lifecycle';
import { purchaseKey } from '../records/keys';
import { endPurchase, purchaseHold } from './purchase-payments';
import { purchaseFacts, purchaseItem, takeOwnership, type PurchaseRecord } from '../records/purchases';
import { newHoldExpiry } from '../records/holds';

// Buying the recordings package: the offer a visitor is shown, and the purchase the dialog makes.

/** A purchase sends the administrator an e-mail, so each address may start only so many an hour, as bookings. */
export const purchaseLimits = { perEmailPerHour: 5, perClientAddressPerHour: 20 };

const PACKAGE_DESCRIPTION = 'Lifetime access to every birth-breathwork recording';

const alreadyOwned = () => conflict('You already own the recordings package.');

/** The return page for every purchase, paid at Stripe or given by a code. */
const returnPath = (purchaseId: string) => `/birth-recordings?success=true&purchaseId=${encodeURIComponent(purchaseId)}`;

/**
 * Starts a purchase as one transaction: the purchase, the code's redemption, the hourly
 * allowances of the e-mail and client addresses, and PurchaseCreated in the outbox (the
 * administrator's notice). Something to pay: pending, with a hold the sweep ends if Stripe's
 * expiry never arrives, then Stripe Checkout opens. A code that takes the whole price: paid at
 * once, the package its member's (PurchasePaid follows), and the answer is where to go.
 */
export async function buyPackage(
  request: PurchaseRequest,
  context: { now: Date; caller?: Caller; clientAddress: string; deadline?: number },
): Promise<PurchaseAnswer> {
  const { now, caller } = context;
  const email = caller?.email ?? request.email;
  if (!email) throw new HttpError(400, MISSING_EMAIL, [{ field: 'email', message: MISSING_EMAIL }]);
  // A member is not asked their name: the purchase takes their profile's (the token's if they have none).
  const [owned, profile] = caller
    ? await Promise.all([ownsPackage(caller.userId), getProfile(caller.userId, { consistent: true })])
    : [];
  if (owned) throw alreadyOwned();
  const code = request.discountCode;
  if (code !== undefined) await countCodeAttempt(context.clientAddress, now);
  const base = await getPackagePrice();
  // The redemption in the transaction decides whether a one-time code is still unused.
  const { originalPrice, price } = await quotePrice(base, request.currency ?? base.currency, code, now, checkActive);
  const free = price.amount === 0;
  const purchase: PurchaseRecord = {
    id: ulid(now.getTime()),
    userId: caller?.userId,
    customerEmail: email.toLowerCase(),
    customerName: request.name ?? (profile?.fullName || nameFromAttributes({ name: caller?.name })),
    state: free ? purchaseTransitions.grant.to : purchaseTransitions.open.to,
    price,
    originalPrice,
    discountCode: code,
    checkoutExpiresAt: free ? undefined : newHoldExpiry(now),
    paidAt: free ? now.toISOString() : undefined,
    createdAt: now.toISOString(),
  };
  const refusal = await transactNamed({
    purchase: { Put: { TableName: tableName(), Item: purchaseItem(purchase), ConditionExpression: 'attribute_not_exists(pk)' } },
    owner: free && caller !== undefined && takeOwnership(caller.userId, purchase.id, now),
    hold: !free && purchaseHold(purchase, purchase.checkoutExpiresAt!),
    discount: code !== undefined && discountRedemption(code, now),
    created: outboxEvent('PurchaseCreated', { ...purchaseFacts(purchase), price, discountCode: code ?? null }, now),
    paid: free && outboxEvent('PurchasePaid', purchaseFacts(purchase), now),
    // A member buys with their own verified address: strangers using it cannot lock them out.
    emailAllowance: !caller && mailboxAllowance('purchase-email', purchase.customerEmail, purchaseLimits.perEmailPerHour, now),
    addressAllowance: hourlyAllowance('purchase-address', context.clientAddress, purchaseLimits.perClientAddressPerHour, now),
  });
  if (refusal) {
    if (refusal.refused('owner')) throw alreadyOwned();
    if (refusal.refused('discount')) throw redemptionRefusal(refusal.refused('discount'), now);
    const emailAllowance = refusal.refused('emailAllowance');
    if (emailAllowance)
      throw tooMany('Too many purchases for this email address.', emailAllowance, purchaseLimits.perEmailPerHour, now);
    const addressAllowance = refusal.refused('addressAllowance');
    if (addressAllowance)
      throw tooMany('Too many purchases from your network.', addressAllowance, purchaseLimits.perClientAddressPerHour, now);
    throw new Error('The purchase transaction was refused for no known reason');
  }
  if (free) return { purchaseId: purchase.id, freeAccess: true, redirectUrl: returnPath(purchase.id) };
  return { purchaseId: purchase.id, freeAccess: false, url: await openPurchaseCheckout(purchase, context.deadline) };
}

/** A refused allowance, with the time it takes a purchase again. */
const tooMany = (what: string, refused: Record<string, AttributeValue>, limit: number, now: Date) =>
  new HttpError(429, `${what} Please try again after ${formatClockTime(allowanceFreesAt(refused, limit, now))}.`);

/**
 * Opens the purchase's Stripe Checkout Session and keeps it on the purchase with its Payment item
 * (the one payment path: the webhook and the sync settle it as a booking's). If Stripe cannot
 * open one, the purchase ends at once ('Failed to create checkout session').
 */
function openPurchaseCheckout(purchase: PurchaseRecord, deadline?: number): Promise<string> {
  return openOrderCheckout(
    {
      subject: { kind: 'purchase', id: purchase.id },
      price: purchase.price,
      name: PACKAGE_NAME,
      description: PACKAGE_DESCRIPTION,
      email: purchase.customerEmail,
      expiresAt: purchase.checkoutExpiresAt!,
      successPath: returnPath(purchase.id),
      cancelPath: `/birth-recordings?checkout=cancelled&purchaseId=${encodeURIComponent(purchase.id)}`,
      metadata: { purchaseId: purchase.id },
    },
    {
      key: purchaseKey(purchase.id),
      awaiting: 'pending',
      endUnopened: () => endPurchase(purchase, 'checkout_failed', new Date()),
      noLongerPayable: () => conflict('This purchase can no longer be paid. Please start again.'),
    },
    deadline,
  );
}

/**
 * The buyer came back from Stripe's page without paying (its cancel link): the checkout is closed,
 * so it can no longer be paid, and then the purchase ends at once, its code usable again, rather
 * than when its checkout runs out. A checkout Stripe does not close (completed: paid, or a bank
 * payment on its way) leaves the purchase as it is. Answers whether this call ended it.
 */
export async function cancelPurchaseCheckout(purchase: PurchaseRecord, now: Date): Promise<boolean> {
  if (purchase.state !== 'pending' || !purchase.checkoutSessionId) return false;
  if (!(await closedUnpaid(purchase.checkoutSessionId))) return false;
  return endPurchase(purchase, 'checkout_cancelled', now);
}
