import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ConditionalCheckFailedException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../lib/aws';
import { HttpError } from '../../lib/errors';
import { allowanceFreesAt, hourlyAllowance } from '../../lib/rate-limit';
import { formatClockTime } from '../../lib/when';
import { gsi1, tableName, withoutKeys } from '../../lib/table';
import { convertMoney, fallbackRates, type ExchangeRates } from '../../schemas/currency';
import {
  discountCodeRefusals,
  type Discount,
  type DiscountCodeForm,
  type DiscountCodeSettings,
  type DiscountQuote,
} from '../../schemas/discount';
import type { Money } from '../../schemas/money';
import { ALL_CODES, discountCodeKey } from './keys';

/** A discount code as stored (docs/product.md#discount-codes), with its discount as a tagged value. */
export type DiscountCodeRecord = {
  /** Uppercase, as looked up. */
  code: string;
  discount: Discount;
  active: boolean;
  /** A one-time code may be redeemed once: while timesUsed is 0. */
  oneTime: boolean;
  timesUsed: number;
  /** Beyond the original site: the code works until this moment (UTC) when set. */
  expiresAt?: string;
  /** Beyond the original site: at most this many bookings may use the code when set. */
  maxUses?: number;
  createdAt: string;
  updatedAt: string;
};

/** The answers a visitor gets for a code that cannot be used (docs/product.md#discount-codes). */
export const invalidCode = () => new HttpError(404, discountCodeRefusals.invalid);
export const codeAlreadyUsed = () => new HttpError(409, discountCodeRefusals.used);
export const codeExpired = () => new HttpError(409, discountCodeRefusals.expired);
export const codeUsedUp = () => new HttpError(409, discountCodeRefusals.usedUp);

export function discountCodeItem(record: DiscountCodeRecord) {
  return {
    ...discountCodeKey(record.code),
    // All codes, newest first, for the admin's list.
    [gsi1.partitionKey]: ALL_CODES,
    [gsi1.sortKey]: `${record.createdAt}#${record.code}`,
    type: 'DiscountCode',
    ...record,
  };
}

/** The stored fields the form's settings set: the discount, the status, the usage and its limits. */
export function discountCodeSettings(
  form: DiscountCodeSettings,
): Pick<DiscountCodeRecord, 'discount' | 'active' | 'oneTime' | 'expiresAt' | 'maxUses'> {
  const discount: Discount =
    form.type === 'percentage'
      ? { type: 'percentage', percentage: form.percentage ?? 10 }
      : { type: 'fixed_amount', amount: { amount: form.amount ?? 100, currency: form.currency } };
  return {
    discount,
    active: form.isActive,
    oneTime: form.isOneTimeUse,
    expiresAt: form.expiresAt ?? undefined,
    maxUses: form.maxUses ?? undefined,
  };
}

/** A new code from the discount code form. */
export function newDiscountCode(form: DiscountCodeForm, now: Date): DiscountCodeRecord {
  return {
    code: form.code,
    ...discountCodeSettings(form),
    timesUsed: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

export async function getDiscountCode(code: string): Promise<DiscountCodeRecord | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: tableName(), Key: discountCodeKey(code) }));
  return Item ? withoutKeys<DiscountCodeRecord>(Item) : undefined;
}

/**
 * The look-up of docs/product.md#discount-codes: uppercased; only an active code is accepted ('Invalid discount code'
 * otherwise, as for an unknown one); a one-time code already used is refused with 'This code
 * has already been used'; a code past its expiry or its maximum uses says so.
 */
export function checkUsable(record: DiscountCodeRecord | undefined, now: Date): DiscountCodeRecord {
  const active = checkActive(record);
  const refusal = limitReached(active, now);
  if (refusal) throw refusal;
  return active;
}

/** Why an active code can be used no more (its expiry, its one use, its maximum uses), if it cannot. */
function limitReached(record: DiscountCodeRecord, now: Date): HttpError | undefined {
  if (record.expiresAt !== undefined && Date.parse(record.expiresAt) <= now.getTime()) return codeExpired();
  if (record.oneTime && record.timesUsed > 0) return codeAlreadyUsed();
  if (record.maxUses !== undefined && record.timesUsed >= record.maxUses) return codeUsedUp();
  return undefined;
}

/**
 * Only that the code exists and is active: a booking redeems it in its transaction, whose
 * condition decides whether a one-time code is still unused (it may be this visitor's own, held
 * by the pending booking they are replacing).
 */
export function checkActive(record: DiscountCodeRecord | undefined): DiscountCodeRecord {
  if (!record || !record.active) throw invalidCode();
  return record;
}

/**
 * Each answer about a code tells whether it exists, so attempts count against the caller's
 * network address for the hour: without a limit anyone could guess codes at the API's full rate,
 * while a visitor trying their code needs only a few.
 */
export const codeAttemptsPerAddressPerHour = 20;

export async function countCodeAttempt(clientAddress: string, now: Date): Promise<void> {
  try {
    await dynamo.send(
      new UpdateCommand(hourlyAllowance('discount-address', clientAddress, codeAttemptsPerAddressPerHour, now).Update),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      const freesAt = allowanceFreesAt(error.Item ?? {}, codeAttemptsPerAddressPerHour, now);
      throw new HttpError(
        429,
        `Too many discount code attempts from your network. Please try again after ${formatClockTime(freesAt)}.`,
      );
    }
    throw error;
  }
}

/**
 * A percentage of an amount in minor units, rounded half up to the minor unit, in integer
 * arithmetic (the percentage to two decimals): 90% of £12.35 is 1111.5 pence, so £11.12.
 */
export function percentageOf(amount: number, percentage: number): number {
  const basisPoints = Math.round(percentage * 100);
  return Math.floor((amount * basisPoints + 5000) / 10_000);
}

/**
 * The arithmetic of docs/product.md#discount-codes, in minor units of the price's currency. Percentage: price x (1 - pct/100),
 * rounded half up to the penny. Fixed amount: price minus the amount, floored at 0; an amount in
 * another currency is first converted with the same rates (and the same whole-unit rounding) as prices.
 */
export function applyDiscount(price: Money, discount: Discount, rates: ExchangeRates = fallbackRates): Money {
  if (discount.type === 'percentage') {
    return {
      amount: percentageOf(price.amount, 100 - Math.min(100, Math.max(0, discount.percentage))),
      currency: price.currency,
    };
  }
  const off = convertMoney(discount.amount, price.currency, rates);
  return { amount: Math.max(0, price.amount - off.amount), currency: price.currency };
}

/** The quote for a price: both prices, the percent off (whole, for a fixed amount), and whether anything is left to pay. */
export function quoteDiscount(record: DiscountCodeRecord, price: Money, rates: ExchangeRates = fallbackRates): DiscountQuote {
  const discountedPrice = applyDiscount(price, record.discount, rates);
  const percentOff =
    record.discount.type === 'percentage'
      ? record.discount.percentage
      : price.amount === 0
        ? 0
        : Math.round((100 * (price.amount - discountedPrice.amount)) / price.amount);
  return {
    code: record.code,
    discount: record.discount,
    originalPrice: price,
    discountedPrice,
    percentOff,
    free: discountedPrice.amount === 0,
  };
}

/** A one-time code has one use, a code with a maximum that many: never more, however many bookings race. */
const USES_LEFT = '(oneTime = :false OR timesUsed = :zero) AND (attribute_not_exists(maxUses) OR timesUsed < maxUses)';

/**
 * Redeeming a code, as one item of the booking's transaction (like `hourlyAllowance`): counts
 * the use (`timesUsed` ADD 1) on condition that the code exists, is active, has not expired and
 * has a use left (a one-time code none used, a code with a maximum fewer uses than that).
 * However many bookings race for the last use, one transaction wins. On refusal the code's
 * current values come back, for `redemptionRefusal`.
 */
export function discountRedemption(code: string, now: Date) {
  return {
    Update: {
      TableName: tableName(),
      Key: discountCodeKey(code),
      UpdateExpression: 'ADD timesUsed :one SET updatedAt = :now',
      ConditionExpression: `attribute_exists(pk) AND active = :true AND (attribute_not_exists(expiresAt) OR expiresAt > :now) AND ${USES_LEFT}`,
      ExpressionAttributeValues: { ':one': 1, ':now': now.toISOString(), ':true': true, ':false': false, ':zero': 0 },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/**
 * Counts a code's use up or down, as one item of a transaction, if the code still exists: a
 * hold released unpaid gives its use back, a payment that comes after all takes it again if a
 * use is left (others may have taken the one given back). The code's values come back on refusal.
 */
export function countCodeUse(code: string, by: 1 | -1) {
  return {
    Update: {
      TableName: tableName(),
      Key: discountCodeKey(code),
      UpdateExpression: 'ADD timesUsed :by',
      ConditionExpression: by === 1 ? `attribute_exists(pk) AND ${USES_LEFT}` : 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':by': by, ...(by === 1 && { ':false': false, ':zero': 0 }) },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/** The stored code a refused transaction returned, if it still exists. */
export function refusedCode(old: Record<string, AttributeValue> | undefined): DiscountCodeRecord | undefined {
  return old && Object.keys(old).length > 0 ? withoutKeys<DiscountCodeRecord>(unmarshall(old)) : undefined;
}

/** Why a redemption was refused, from the code's values the refused transaction returned. */
export function redemptionRefusal(old: Record<string, AttributeValue> | undefined, now: Date): HttpError {
  const record = refusedCode(old);
  return (record?.active && limitReached(record, now)) || invalidCode();
}
