import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { discountCodeKey } from '../../functions/domain/records/keys';
import { discountRedemption, redemptionRefusal } from '../../functions/domain/records/discounts';
import type { DiscountQuote } from '../../functions/schemas/discount';
import type { RatesView } from '../../functions/schemas/rates';
import { api } from '../support/stack';
import { allowanceRefusals } from '../support/allowances';
import { createCode } from '../support/discounts';
import { createSession } from '../support/sessions';

const validate = (body: unknown, address?: string) =>
  api<DiscountQuote & { message?: string }>('/discount-codes/validate', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: address ? { 'cloudfront-viewer-address': `${address}:443` } : {},
  });

let paidGbp: string;
let paidEur: string;
beforeAll(async () => {
  paidGbp = (await createSession({ title: 'Paid Breath', priceAmount: 2500, priceCurrency: 'GBP' })).id;
  paidEur = (await createSession({ title: 'Euro Breath', priceAmount: 1500, priceCurrency: 'EUR' })).id;
});

describe('POST /api/discount-codes/validate', () => {
  it("answers a percentage code's prices for the session, the code looked up in capitals", async () => {
    const code = await createCode({ type: 'percentage', percentage: 10 });
    const { status, body } = await validate({ code: ` ${code.toLowerCase()} `, sessionId: paidGbp, currency: 'GBP' });
    expect(status).toBe(200);
    expect(body).toEqual({
      code,
      discount: { type: 'percentage', percentage: 10 },
      originalPrice: { amount: 2500, currency: 'GBP' },
      discountedPrice: { amount: 2250, currency: 'GBP' },
      percentOff: 10,
      free: false,
    });
  });

  it("converts a paid session's price into the visitor's currency with the server's rates, whole units", async () => {
    const code = await createCode({ type: 'percentage', percentage: 10 });
    const { body } = await validate({ code, sessionId: paidGbp, currency: 'EUR' });
    // £25 at the fallback 1.17 is €29.25, shown as €29; 10% off is €26.10.
    expect(body).toMatchObject({
      originalPrice: { amount: 2900, currency: 'EUR' },
      discountedPrice: { amount: 2610, currency: 'EUR' },
    });
  });

  it("takes a fixed amount off, converted into the price's currency, never below zero", async () => {
    const fiver = await createCode({ type: 'fixed_amount', amount: { amount: 500, currency: 'GBP' } });
    expect((await validate({ code: fiver, sessionId: paidGbp, currency: 'GBP' })).body).toMatchObject({
      discountedPrice: { amount: 2000, currency: 'GBP' },
      percentOff: 20,
    });
    // €15 less £5 (€5.85, shown as €6) is €9.
    expect((await validate({ code: fiver, sessionId: paidEur, currency: 'EUR' })).body).toMatchObject({
      discountedPrice: { amount: 900, currency: 'EUR' },
      percentOff: 40,
    });
    const big = await createCode({ type: 'fixed_amount', amount: { amount: 5000, currency: 'GBP' } });
    expect((await validate({ code: big, sessionId: paidGbp, currency: 'GBP' })).body).toMatchObject({
      discountedPrice: { amount: 0, currency: 'GBP' },
      free: true,
    });
  });

  it('makes the session free with a 100% code', async () => {
    const code = await createCode({ type: 'percentage', percentage: 100 });
    expect((await validate({ code, sessionId: paidGbp, currency: 'USD' })).body).toMatchObject({
      originalPrice: { amount: 3200, currency: 'USD' },
      discountedPrice: { amount: 0, currency: 'USD' },
      percentOff: 100,
      free: true,
    });
  });

  it("answers 'Invalid discount code' for unknown and inactive codes", async () => {
    const inactive = await createCode({ type: 'percentage', percentage: 10 }, { active: false });
    for (const code of ['NOSUCHCODE', inactive, 'not a code!']) {
      const { status, body } = await validate({ code, sessionId: paidGbp, currency: 'GBP' });
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(body.message).toBe('Invalid discount code');
    }
  });

  it("answers 'This code has already been used' for a used one-time code, and takes an unused one", async () => {
    const unused = await createCode({ type: 'percentage', percentage: 20 }, { oneTime: true });
    expect((await validate({ code: unused, sessionId: paidGbp, currency: 'GBP' })).status).toBe(200);
    const used = await createCode({ type: 'percentage', percentage: 20 }, { oneTime: true, timesUsed: 1 });
    expect(await validate({ code: used, sessionId: paidGbp, currency: 'GBP' })).toEqual({
      status: 409,
      body: { message: 'This code has already been used' },
    });
  });

  it("answers 'Session not found' for a session that does not exist", async () => {
    const code = await createCode({ type: 'percentage', percentage: 10 });
    expect(await validate({ code, sessionId: ulid(), currency: 'GBP' })).toEqual({
      status: 404,
      body: { message: 'Session not found' },
    });
  });

  it('limits each address to 20 attempts an hour, so codes cannot be guessed at speed', async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const answers = [];
    const startedAt = Date.now();
    for (let i = 0; i < 21; i++)
      answers.push(await validate({ code: `GUESS${i}`, sessionId: paidGbp, currency: 'GBP' }, address));
    expect(answers.slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(404));
    expect(answers[20].status).toBe(429);
    expect(
      allowanceRefusals('Too many discount code attempts from your network.', startedAt, Date.now()).map((message) => ({
        message,
      })),
    ).toContainEqual(answers[20].body);
  });
});

describe('GET /api/rates', () => {
  it('answers the fallback table offline, for the base asked for', async () => {
    expect(await api<RatesView>('/rates')).toEqual({
      status: 200,
      body: { base: 'GBP', rates: { GBP: 1, EUR: 1.17, USD: 1.27 }, source: 'fallback', fetchedAt: null },
    });
    expect((await api<RatesView>('/rates?base=EUR')).body.rates).toEqual({ GBP: 0.85, EUR: 1, USD: 1.09 });
    expect((await api<RatesView>('/rates?base=JPY')).status).toBe(400);
  });
});

describe('redeeming a one-time code in a transaction', () => {
  it('lets exactly one of 20 simultaneous redemptions succeed', async () => {
    const code = await createCode({ type: 'percentage', percentage: 20 }, { oneTime: true });
    const attempt = async (): Promise<string> => {
      for (let tries = 0; tries < 20; tries++) {
        try {
          // With another item, as the booking's transaction will have.
          const marker = { Put: { TableName: tableName(), Item: { pk: `TEST#${ulid()}`, sk: 'REDEMPTION', ttl: 1 } } };
          await dynamo.send(new TransactWriteCommand({ TransactItems: [discountRedemption(code, new Date()), marker] }));
          return 'redeemed';
        } catch (error) {
          if (!(error instanceof TransactionCanceledException)) throw error;
          const [reason] = error.CancellationReasons ?? [];
          if (reason?.Code === 'ConditionalCheckFailed') return redemptionRefusal(reason.Item, new Date()).message;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
        }
      }
      return 'gave up';
    };
    const outcomes = await Promise.all(Array.from({ length: 20 }, attempt));
    expect(outcomes.filter((o) => o === 'redeemed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'This code has already been used')).toHaveLength(19);
    const { Item } = await dynamo.send(new GetCommand({ TableName: tableName(), Key: discountCodeKey(code) }));
    expect(Item?.timesUsed).toBe(1);
  });

  it('counts every use of a code that is not one-time', async () => {
    const code = await createCode({ type: 'percentage', percentage: 10 });
    for (let i = 0; i < 3; i++)
      await dynamo.send(new TransactWriteCommand({ TransactItems: [discountRedemption(code, new Date())] }));
    const { Item } = await dynamo.send(new GetCommand({ TableName: tableName(), Key: discountCodeKey(code) }));
    expect(Item?.timesUsed).toBe(3);
  });
});
