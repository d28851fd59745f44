import { describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import {
  applyDiscount,
  checkUsable,
  discountCodeItem,
  discountRedemption,
  newDiscountCode,
  percentageOf,
  quoteDiscount,
  redemptionRefusal,
  type DiscountCodeRecord,
} from '../../functions/domain/records/discounts';
import { convertMoney } from '../../functions/schemas/currency';
import { DiscountCodeForm, DiscountValidationRequest } from '../../functions/schemas/discount';
import type { Money } from '../../functions/schemas/money';

process.env.TABLE_NAME = 'test-table';
const now = new Date('2030-01-01T10:00:00.000Z');
const gbp = (amount: number): Money => ({ amount, currency: 'GBP' });
const eur = (amount: number): Money => ({ amount, currency: 'EUR' });
const code = (fields: Partial<DiscountCodeRecord> = {}): DiscountCodeRecord => ({
  code: 'BREATHE10',
  discount: { type: 'percentage', percentage: 10 },
  active: true,
  oneTime: false,
  timesUsed: 0,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
  ...fields,
});
const fiver = { type: 'fixed_amount', amount: gbp(500) } as const;

describe('discount arithmetic (spec: price x (1 - pct/100); price minus amount, floored at 0)', () => {
  it('takes a percentage off', () => {
    expect(applyDiscount(gbp(2500), { type: 'percentage', percentage: 10 })).toEqual(gbp(2250));
    expect(applyDiscount(gbp(4000), { type: 'percentage', percentage: 25 })).toEqual(gbp(3000));
    expect(applyDiscount(gbp(1000), { type: 'percentage', percentage: 12.5 })).toEqual(gbp(875));
  });

  it('rounds a percentage of pence half up to the penny', () => {
    expect(percentageOf(1235, 90)).toBe(1112); // 1111.5
    expect(applyDiscount(gbp(1235), { type: 'percentage', percentage: 10 })).toEqual(gbp(1112));
    expect(applyDiscount(gbp(1999), { type: 'percentage', percentage: 15 })).toEqual(gbp(1699)); // 1699.15
    expect(applyDiscount(gbp(1999), { type: 'percentage', percentage: 50 })).toEqual(gbp(1000)); // 999.5
    expect(applyDiscount(gbp(1), { type: 'percentage', percentage: 50 })).toEqual(gbp(1)); // 0.5
  });

  it('makes a 100% code free and a 0% code change nothing', () => {
    expect(applyDiscount(gbp(2500), { type: 'percentage', percentage: 100 })).toEqual(gbp(0));
    expect(applyDiscount(gbp(2500), { type: 'percentage', percentage: 0 })).toEqual(gbp(2500));
  });

  it('takes a fixed amount off, never below zero', () => {
    expect(applyDiscount(gbp(2500), fiver)).toEqual(gbp(2000));
    expect(applyDiscount(gbp(500), fiver)).toEqual(gbp(0));
    expect(applyDiscount(gbp(300), fiver)).toEqual(gbp(0));
  });

  it("converts a fixed amount in another currency with the prices' rates and whole-unit rounding", () => {
    // £5 at the fallback 1.17 is €5.85, shown as €6 like any converted amount.
    expect(applyDiscount(eur(1500), fiver)).toEqual(eur(900));
    const live = {
      GBP: { GBP: 1, EUR: 1.2, USD: 1.3 },
      EUR: { GBP: 0.8, EUR: 1, USD: 1.1 },
      USD: { GBP: 0.7, EUR: 0.9, USD: 1 },
    };
    expect(applyDiscount(eur(1500), fiver, live)).toEqual(eur(900)); // £5 x 1.2 = €6
    expect(applyDiscount({ amount: 1500, currency: 'USD' }, fiver, live)).toEqual({ amount: 800, currency: 'USD' }); // $6.5 -> $7
  });
});

describe('converted prices (spec: whole number, below .5 down, otherwise up)', () => {
  it('rounds with the fallback rates as the product lists them', () => {
    expect(convertMoney(gbp(2500), 'EUR')).toEqual(eur(2900)); // 29.25
    expect(convertMoney(gbp(2500), 'USD')).toEqual({ amount: 3200, currency: 'USD' }); // 31.75
    expect(convertMoney(eur(1500), 'USD')).toEqual({ amount: 1600, currency: 'USD' }); // 16.35
    expect(convertMoney({ amount: 4000, currency: 'USD' }, 'GBP')).toEqual(gbp(3100)); // 31.2
  });

  it('rounds a true half up despite floating point', () => {
    expect(convertMoney(gbp(85_000), 'EUR')).toEqual(eur(99_500)); // 994.5, which doubles make 994.4999999999999
    expect(convertMoney(gbp(5000), 'EUR')).toEqual(eur(5900)); // 58.5
  });
});

describe('quoting a code for a price', () => {
  it('answers both prices and the percent off', () => {
    expect(quoteDiscount(code(), gbp(2500))).toEqual({
      code: 'BREATHE10',
      discount: { type: 'percentage', percentage: 10 },
      originalPrice: gbp(2500),
      discountedPrice: gbp(2250),
      percentOff: 10,
      free: false,
    });
  });

  it('gives a fixed amount its percent off in whole percent', () => {
    expect(quoteDiscount(code({ discount: fiver }), gbp(2500))).toMatchObject({ discountedPrice: gbp(2000), percentOff: 20 });
    expect(quoteDiscount(code({ discount: fiver }), gbp(1500))).toMatchObject({ percentOff: 33 });
    expect(quoteDiscount(code({ discount: fiver }), gbp(300))).toMatchObject({
      discountedPrice: gbp(0),
      percentOff: 100,
      free: true,
    });
    expect(quoteDiscount(code({ discount: fiver }), gbp(0))).toMatchObject({ discountedPrice: gbp(0), percentOff: 0 });
  });

  it('marks a 100% code free', () => {
    const freebreath = code({ code: 'FREEBREATH', discount: { type: 'percentage', percentage: 100 } });
    expect(quoteDiscount(freebreath, gbp(2500))).toMatchObject({ discountedPrice: gbp(0), percentOff: 100, free: true });
  });
});

describe('which codes may be used', () => {
  it("refuses unknown and inactive codes with 'Invalid discount code'", () => {
    expect(() => checkUsable(undefined, now)).toThrow('Invalid discount code');
    expect(() => checkUsable(code({ active: false }), now)).toThrow('Invalid discount code');
  });

  it("refuses a used one-time code with 'This code has already been used'", () => {
    expect(() => checkUsable(code({ oneTime: true, timesUsed: 1 }), now)).toThrow('This code has already been used');
    expect(checkUsable(code({ oneTime: true, timesUsed: 0 }), now).code).toBe('BREATHE10');
    expect(checkUsable(code({ oneTime: false, timesUsed: 40 }), now).code).toBe('BREATHE10');
  });

  it('refuses a code from its expiry on, and one whose maximum uses are taken', () => {
    const later = new Date(now.getTime() + 1000).toISOString();
    expect(checkUsable(code({ expiresAt: later }), now).code).toBe('BREATHE10');
    expect(() => checkUsable(code({ expiresAt: now.toISOString() }), now)).toThrow('This code has expired');
    expect(checkUsable(code({ maxUses: 3, timesUsed: 2 }), now).code).toBe('BREATHE10');
    expect(() => checkUsable(code({ maxUses: 3, timesUsed: 3 }), now)).toThrow(
      'This code has reached its maximum number of uses',
    );
  });

  it('uppercases what the visitor typed before the look-up', () => {
    const parsed = DiscountValidationRequest.parse({ code: ' breathe10 ', sessionId: 'S1', currency: 'GBP' });
    expect(parsed.code).toBe('BREATHE10');
    expect(discountCodeItem(code({ code: 'BREATHE10' }))).toMatchObject({ pk: 'DISCOUNT#BREATHE10', sk: 'DISCOUNT' });
    expect(
      DiscountValidationRequest.safeParse({ code: 'NO SUCH!', sessionId: 'S1', currency: 'GBP' }).error?.issues[0].message,
    ).toBe('Invalid discount code');
  });
});

describe('the discount code form', () => {
  it("has the product's defaults: percentage, 10, active, not one-time", () => {
    expect(newDiscountCode(DiscountCodeForm.parse({ code: 'spring' }), now)).toMatchObject({
      code: 'SPRING',
      discount: { type: 'percentage', percentage: 10 },
      active: true,
      oneTime: false,
      timesUsed: 0,
    });
  });

  it('takes a fixed amount of at least 1 in its currency, and a percentage from 0 to 100', () => {
    const fixed = DiscountCodeForm.parse({ code: 'WELCOME5', type: 'fixed_amount', amount: 500, currency: 'GBP' });
    expect(newDiscountCode(fixed, now).discount).toEqual(fiver);
    expect(DiscountCodeForm.safeParse({ code: 'X', type: 'fixed_amount' }).success).toBe(false);
    expect(DiscountCodeForm.safeParse({ code: 'X', type: 'fixed_amount', amount: 99 }).success).toBe(false);
    expect(DiscountCodeForm.safeParse({ code: 'X', percentage: 101 }).success).toBe(false);
    expect(DiscountCodeForm.safeParse({ code: '' }).error?.issues[0].message).toBe('Code is required');
    expect(DiscountCodeForm.safeParse({}).error?.issues[0].message).toBe('Code is required');
  });

  it('takes an optional expiry (kept in UTC) and an optional maximum of at least one use', () => {
    expect(DiscountCodeForm.parse({ code: 'x' })).toMatchObject({ expiresAt: null, maxUses: null });
    const limited = DiscountCodeForm.parse({ code: 'x', expiresAt: '2030-06-30T23:59:59.999+01:00', maxUses: 20 });
    expect(limited).toMatchObject({ expiresAt: '2030-06-30T22:59:59.999Z', maxUses: 20 });
    expect(newDiscountCode(limited, now)).toMatchObject({ expiresAt: '2030-06-30T22:59:59.999Z', maxUses: 20 });
    expect(DiscountCodeForm.safeParse({ code: 'x', maxUses: 0 }).error?.issues[0].message).toBe(
      'The maximum number of uses must be at least 1',
    );
    expect(DiscountCodeForm.safeParse({ code: 'x', expiresAt: 'soon' }).error?.issues[0].message).toBe(
      'The expiry must be a date and time',
    );
  });
});

describe('redeeming a code in a transaction', () => {
  it('counts the use on condition that the code is active, unexpired and has a use left', () => {
    const { Update } = discountRedemption('welcome5', now);
    expect(Update).toMatchObject({
      TableName: 'test-table',
      Key: { pk: 'DISCOUNT#WELCOME5', sk: 'DISCOUNT' },
      UpdateExpression: 'ADD timesUsed :one SET updatedAt = :now',
      ConditionExpression:
        'attribute_exists(pk) AND active = :true AND (attribute_not_exists(expiresAt) OR expiresAt > :now) AND ' +
        '(oneTime = :false OR timesUsed = :zero) AND (attribute_not_exists(maxUses) OR timesUsed < maxUses)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
  });

  it('explains a refusal from the values the transaction returned', () => {
    const stored = (fields: Partial<DiscountCodeRecord>) =>
      marshall(discountCodeItem(code(fields)), { removeUndefinedValues: true });
    expect(redemptionRefusal(stored({ oneTime: true, timesUsed: 1 }), now).message).toBe('This code has already been used');
    expect(redemptionRefusal(stored({ oneTime: true, timesUsed: 1 }), now).statusCode).toBe(409);
    expect(redemptionRefusal(stored({ expiresAt: now.toISOString() }), now).message).toBe('This code has expired');
    expect(redemptionRefusal(stored({ maxUses: 2, timesUsed: 2 }), now).message).toBe(
      'This code has reached its maximum number of uses',
    );
    expect(redemptionRefusal(stored({ active: false, maxUses: 2, timesUsed: 2 }), now).message).toBe('Invalid discount code');
    expect(redemptionRefusal(undefined, now).message).toBe('Invalid discount code');
    expect(redemptionRefusal({}, now).statusCode).toBe(404);
  });
});
