import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { discountCodeItem, type DiscountCodeRecord } from '../../functions/domain/records/discounts';
import { packageOffer } from '../../functions/domain/records/package-offer';
import { packageOwnerKey, packagePriceKey } from '../../functions/domain/records/keys';
import {
  purchaseTransitions,
  purchaseUpdate,
  shownPurchaseStatus,
  type PurchaseState,
} from '../../functions/domain/records/purchase-lifecycle';

process.env.TABLE_NAME = 'test-table';
const dynamo = mockClient(DynamoDBDocumentClient);
const now = new Date('2030-01-01T10:00:00.000Z');
const visitor = { now, clientAddress: '203.0.113.9' };

/** A code as stored, answered for its key. */
function withCode(code: string, discount: DiscountCodeRecord['discount']) {
  const item = discountCodeItem({ code, discount, active: true, oneTime: false, timesUsed: 0, createdAt: '', updatedAt: '' });
  dynamo.on(GetCommand, { Key: { pk: `DISCOUNT#${code}`, sk: 'DISCOUNT' } }).resolves({ Item: item });
}

beforeEach(() => {
  dynamo.reset();
  // No live rates cached and no service configured: the fallback table (docs/product.md#currencies); no price set: 60 EUR.
  dynamo.on(GetCommand).resolves({});
});

describe('the package price, through the one pricing module', () => {
  it("is 60 EUR when none is set, converted to whole units of the visitor's currency", async () => {
    expect(await packageOffer({ currency: 'EUR' }, visitor)).toEqual({
      originalPrice: { amount: 6000, currency: 'EUR' },
      price: { amount: 6000, currency: 'EUR' },
      discount: null,
      owned: false,
    });
    // €60 x 0.85 = £51; €60 x 1.09 = $65.40, shown and charged as $65.
    expect((await packageOffer({ currency: 'GBP' }, visitor)).price).toEqual({ amount: 5100, currency: 'GBP' });
    expect((await packageOffer({ currency: 'USD' }, visitor)).price).toEqual({ amount: 6500, currency: 'USD' });
    expect((await packageOffer({}, visitor)).price).toEqual({ amount: 6000, currency: 'EUR' });
  });

  it("follows the administrator's price in its own currency", async () => {
    dynamo.on(GetCommand, { Key: packagePriceKey }).resolves({ Item: { ...packagePriceKey, amount: 8000, currency: 'GBP' } });
    expect((await packageOffer({ currency: 'GBP' }, visitor)).price).toEqual({ amount: 8000, currency: 'GBP' });
    // £80 x 1.27 = $101.60, shown as $102.
    expect((await packageOffer({ currency: 'USD' }, visitor)).price).toEqual({ amount: 10_200, currency: 'USD' });
  });

  it('takes a percentage or a fixed amount off the converted price, to the penny', async () => {
    withCode('CALM', { type: 'percentage', percentage: 10 });
    expect(await packageOffer({ currency: 'GBP', code: 'CALM' }, visitor)).toMatchObject({
      originalPrice: { amount: 5100, currency: 'GBP' },
      price: { amount: 4590, currency: 'GBP' },
      discount: { code: 'CALM', percentOff: 10, free: false },
    });
    // £5 off in euros: £5 x 1.17 = €5.85, converted as €6; €60 - €6 = €54.
    withCode('FIVER', { type: 'fixed_amount', amount: { amount: 500, currency: 'GBP' } });
    expect((await packageOffer({ currency: 'EUR', code: 'FIVER' }, visitor)).price).toEqual({ amount: 5400, currency: 'EUR' });
  });

  it('is free with a 100% code, and with a code that leaves less than Stripe can charge', async () => {
    withCode('GIFT', { type: 'percentage', percentage: 100 });
    expect(await packageOffer({ currency: 'USD', code: 'GIFT' }, visitor)).toMatchObject({
      price: { amount: 0, currency: 'USD' },
      discount: { free: true },
    });
    withCode('ALMOST', { type: 'percentage', percentage: 99.5 });
    expect(await packageOffer({ currency: 'EUR', code: 'ALMOST' }, visitor)).toMatchObject({
      price: { amount: 0, currency: 'EUR' },
      discount: { free: true },
    });
  });

  it("refuses an unknown code with the product's words", async () => {
    await expect(packageOffer({ currency: 'EUR', code: 'NOPE' }, visitor)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Invalid discount code',
    });
  });

  it('tells a member who owns the package so', async () => {
    dynamo.on(GetCommand, { Key: packageOwnerKey('U1') }).resolves({ Item: packageOwnerKey('U1') });
    expect((await packageOffer({ currency: 'EUR' }, { ...visitor, userId: 'U1' })).owned).toBe(true);
    expect((await packageOffer({ currency: 'EUR' }, { ...visitor, userId: 'U2' })).owned).toBe(false);
  });
});

const states: PurchaseState[] = ['pending', 'paid', 'expired', 'failed', 'refunded'];

/** The lifecycle as a Mermaid state diagram, one line per transition and start state. */
function diagram(): string {
  const lines = Object.entries(purchaseTransitions).flatMap(([name, t]) =>
    (t.from.length ? t.from : ['[*]']).map((from) => `  ${from} --> ${t.to}: ${name}${'event' in t ? ` (${t.event})` : ''}`),
  );
  return ['stateDiagram-v2', ...lines].join('\n');
}

describe('the purchase lifecycle', () => {
  it('is drawn in docs/data-model.md exactly as the table has it', () => {
    const doc = readFileSync(new URL('../../docs/data-model.md', import.meta.url), 'utf8');
    const drawn = [...doc.matchAll(/```mermaid\n(stateDiagram-v2[\s\S]*?)\n```/g)].map((match) => match[1]);
    expect(drawn).toContain(diagram());
  });

  it('reaches every state and shows each as the orders list shows an order', () => {
    expect([...new Set(Object.values(purchaseTransitions).map((t) => t.to))].sort()).toEqual([...states].sort());
    const price = { amount: 6000 };
    expect(states.map((state) => shownPurchaseStatus({ state, price }))).toEqual([
      { status: 'pending', paymentStatus: 'pending' },
      { status: 'completed', paymentStatus: 'paid' },
      { status: 'cancelled', paymentStatus: 'cancelled' },
      { status: 'cancelled', paymentStatus: 'failed' },
      { status: 'cancelled', paymentStatus: 'refunded' },
    ]);
    expect(shownPurchaseStatus({ state: 'paid', price: { amount: 0 } }).paymentStatus).toBe('free');
  });

  it('pays only a pending purchase (or, late, an ended one) and refunds only a paid one', () => {
    expect(purchaseTransitions.pay.from).toEqual(['pending']);
    expect(purchaseTransitions.payLate.from).toEqual(['expired', 'failed']);
    expect(purchaseTransitions.refund.from).toEqual(['paid']);
    expect(
      Object.values(purchaseTransitions)
        .filter((t) => t.to === 'paid')
        .map((t) => 'event' in t && t.event),
    ).toEqual(['PurchasePaid', 'PurchasePaid', 'PurchasePaid']);
  });

  it('moves a purchase with one conditional update on the states it starts from', () => {
    const { Update } = purchaseUpdate('payLate', 'P1', now, { set: { paidAt: now.toISOString() }, remove: ['endedAt'] });
    expect(Update).toMatchObject({
      Key: { pk: 'PURCHASE#P1', sk: 'PURCHASE' },
      UpdateExpression: 'SET #state = :to, #paidAt = :paidAt, #stateChangedAt = :stateChangedAt REMOVE #endedAt',
      ConditionExpression: '#state IN (:from0, :from1)',
      ExpressionAttributeValues: { ':to': 'paid', ':from0': 'expired', ':from1': 'failed' },
    });
  });
});
