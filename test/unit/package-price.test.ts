import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_PACKAGE_PRICE, getPackagePrice } from '../../functions/domain/records/package';
import { quotePrice } from '../../functions/domain/records/pricing';
import { discountCodeItem } from '../../functions/domain/records/discounts';
import type { Discount } from '../../functions/schemas/discount';

process.env.TABLE_NAME = 'test-table';
const dynamo = mockClient(DynamoDBDocumentClient);
const now = new Date('2030-01-01T10:00:00.000Z');
const code = (discount: Discount) =>
  discountCodeItem({ code: 'BIRTH', discount, active: true, oneTime: false, timesUsed: 0, createdAt: '', updatedAt: '' });
const priceItem = { Key: { pk: 'SETTINGS', sk: 'PACKAGE_PRICE' } };

beforeEach(() => {
  dynamo.reset();
  // No live rates cached and no service configured: the fallback table of docs/product.md#currencies.
  dynamo.on(GetCommand, { Key: { pk: 'RATES', sk: 'LATEST' } }).resolves({});
});

describe("the recordings package's price", () => {
  it("is 60 EUR when none is set or it cannot be read, else the administrator's", async () => {
    dynamo.on(GetCommand, priceItem).resolves({});
    expect(await getPackagePrice()).toEqual({ amount: 6000, currency: 'EUR' });
    dynamo.on(GetCommand, priceItem).rejects(new Error('throttled'));
    expect(await getPackagePrice()).toEqual(DEFAULT_PACKAGE_PRICE);
    dynamo.on(GetCommand, priceItem).resolves({ Item: { amount: 4500, currency: 'GBP' } });
    expect(await getPackagePrice()).toEqual({ amount: 4500, currency: 'GBP' });
  });

  it('is converted and discounted by the one pricing module, and a code that takes all of it makes it free', async () => {
    // €60 x 0.85 = £51; 10% off is £45.90.
    dynamo
      .on(GetCommand, { Key: { pk: 'DISCOUNT#BIRTH', sk: 'DISCOUNT' } })
      .resolves({ Item: code({ type: 'percentage', percentage: 10 }) });
    expect(await quotePrice(DEFAULT_PACKAGE_PRICE, 'GBP', 'birth', now)).toMatchObject({
      originalPrice: { amount: 5100, currency: 'GBP' },
      price: { amount: 4590, currency: 'GBP' },
      quote: { percentOff: 10, free: false },
    });
    expect(await quotePrice(DEFAULT_PACKAGE_PRICE, 'EUR', undefined, now)).toEqual({
      originalPrice: DEFAULT_PACKAGE_PRICE,
      price: DEFAULT_PACKAGE_PRICE,
    });
    dynamo
      .on(GetCommand, { Key: { pk: 'DISCOUNT#BIRTH', sk: 'DISCOUNT' } })
      .resolves({ Item: code({ type: 'percentage', percentage: 100 }) });
    expect(await quotePrice(DEFAULT_PACKAGE_PRICE, 'USD', 'BIRTH', now)).toMatchObject({
      price: { amount: 0, currency: 'USD' },
      quote: { free: true },
    });
  });
});
