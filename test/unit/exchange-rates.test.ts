import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getExchangeRates, priceIn } from '../../functions/domain/records/exchange-rates';
import { fallbackRates } from '../../functions/schemas/currency';
import { logger } from '../../functions/lib/logger';

process.env.TABLE_NAME = 'test-table';
const dynamo = mockClient(DynamoDBDocumentClient);
const now = new Date('2030-01-01T10:00:00.000Z');
const URL = 'https://rates.example/v4/latest';
const live = {
  GBP: { GBP: 1, EUR: 1.2, USD: 1.3 },
  EUR: { GBP: 0.8, EUR: 1, USD: 1.1 },
  USD: { GBP: 0.75, EUR: 0.9, USD: 1 },
};
const fetchMock = vi.fn<typeof fetch>();
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const serviceAnswers = () =>
  fetchMock.mockImplementation((url) => {
    const base = (url as string).split('/').pop() as keyof typeof live;
    return Promise.resolve(answer({ base, rates: { ...live[base], JPY: 180 } }));
  });

beforeEach(() => {
  dynamo.reset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  process.env.EXCHANGE_RATES_URL = URL;
  dynamo.on(GetCommand).resolves({});
  dynamo.on(PutCommand).resolves({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete process.env.EXCHANGE_RATES_URL;
});

describe('exchange rates', () => {
  it('fetches latest/{base} for each currency and caches the rates for an hour in the table', async () => {
    serviceAnswers();
    expect(await getExchangeRates(now)).toEqual({ rates: live, source: 'live', fetchedAt: now.toISOString() });
    expect(fetchMock.mock.calls.map(([url]) => url as string).sort()).toEqual([`${URL}/EUR`, `${URL}/GBP`, `${URL}/USD`]);
    const [put] = dynamo.commandCalls(PutCommand);
    expect(put.args[0].input.Item).toEqual({
      pk: 'RATES',
      sk: 'LATEST',
      type: 'ExchangeRates',
      rates: live,
      fetchedAt: now.toISOString(),
      ttl: now.getTime() / 1000 + 3600,
    });
  });

  it('answers from the cache for an hour from the last success, then fetches again', async () => {
    serviceAnswers();
    const fetchedAt = new Date(now.getTime() - 59 * 60_000).toISOString();
    dynamo.on(GetCommand).resolves({ Item: { pk: 'RATES', sk: 'LATEST', rates: live, fetchedAt } });
    expect(await getExchangeRates(now)).toEqual({ rates: live, source: 'live', fetchedAt });
    expect(fetchMock).not.toHaveBeenCalled();

    const hourOld = new Date(now.getTime() - 60 * 60_000).toISOString();
    dynamo.on(GetCommand).resolves({ Item: { pk: 'RATES', sk: 'LATEST', rates: fallbackRates, fetchedAt: hourOld } });
    expect(await getExchangeRates(now)).toMatchObject({ rates: live, fetchedAt: now.toISOString() });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("logs 'Exchange rate API returned status: {status}' on a non-OK answer and uses the fallback table", async () => {
    const warn = vi.spyOn(logger, 'warn');
    fetchMock.mockResolvedValue(answer({ error: 'quota' }, 503));
    expect(await getExchangeRates(now)).toEqual({ rates: fallbackRates, source: 'fallback', fetchedAt: null });
    expect(warn).toHaveBeenCalledWith('Exchange rate API returned status: 503');
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0); // a failure is not cached
  });

  it('uses the fallback table when the service cannot be reached or answers nonsense', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    expect(await getExchangeRates(now)).toMatchObject({ rates: fallbackRates, source: 'fallback' });
    fetchMock.mockResolvedValue(answer({ rates: { GBP: 1, EUR: 'lots' } }));
    expect(await getExchangeRates(now)).toMatchObject({ rates: fallbackRates, source: 'fallback' });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('uses the fallback table with no service configured (offline), without trying', async () => {
    delete process.env.EXCHANGE_RATES_URL;
    expect(await getExchangeRates(now)).toEqual({ rates: fallbackRates, source: 'fallback', fetchedAt: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('still answers when the cache cannot be read', async () => {
    serviceAnswers();
    dynamo.on(GetCommand).rejects(new Error('table down'));
    expect(await getExchangeRates(now)).toMatchObject({ rates: live, source: 'live' });
  });

  it('skips conversion, and the rates, when the currencies are equal', async () => {
    serviceAnswers();
    expect(await priceIn({ amount: 1250, currency: 'GBP' }, 'GBP', now)).toEqual({ amount: 1250, currency: 'GBP' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('converts other currencies with the live rates, rounded to a whole unit', async () => {
    serviceAnswers();
    expect(await priceIn({ amount: 2500, currency: 'GBP' }, 'EUR', now)).toEqual({ amount: 3000, currency: 'EUR' });
    expect(await priceIn({ amount: 1250, currency: 'GBP' }, 'USD', now)).toEqual({ amount: 1600, currency: 'USD' }); // 16.25
  });
});
