import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { dynamo } from '../../lib/aws';
import { optionalEnvironment } from '../../lib/environment';
import { logger } from '../../lib/logger';
import { expiresIn, tableName } from '../../lib/table';
import { convertMoney, fallbackRates, type ExchangeRates } from '../../schemas/currency';
import { currencies, type Currency, type Money } from '../../schemas/money';
import { ratesCacheKey } from './keys';

/** Live rates are kept for an hour from the last successful fetch, as docs/product.md#currencies says. */
export const RATES_CACHE_SECONDS = 3600;
/** A slow exchange-rate service must not hold up a price: past this, the fallback table answers. */
const FETCH_TIMEOUT_MS = 3000;

/** The rates every conversion uses, with where they came from. */
export type RatesSnapshot = { rates: ExchangeRates; source: 'live' | 'fallback'; fetchedAt: string | null };

/** What the service answers for `latest/{base}`: a rates object keyed by currency code. */
const rate = z.number().check(z.positive());
const ServiceAnswer = z.object({ rates: z.object({ GBP: rate, EUR: rate, USD: rate }) });

/**
 * The exchange rates: the cached live rates while under an hour old; else fetched anew from
 * the exchange-rate service (one `latest/{base}` call per base currency) and cached; else, on
 * any failure or with no service configured, the fallback table (docs/product.md#currencies). Never throws.
 */
export async function getExchangeRates(now = new Date()): Promise<RatesSnapshot> {
  const cached = await readCache(now);
  if (cached) return cached;
  const url = optionalEnvironment('EXCHANGE_RATES_URL');
  if (!url) return fallback();
  let rates: ExchangeRates;
  try {
    rates = await fetchAll(url);
  } catch (error) {
    logger.warn('Using the fallback exchange rates', { error: String(error) });
    return fallback();
  }
  const snapshot: RatesSnapshot = { rates, source: 'live', fetchedAt: now.toISOString() };
  await writeCache(snapshot, now);
  return snapshot;
}

/**
 * Converts a price for display and checkout: unchanged in its own currency (no rates read),
 * otherwise with the server's rates, rounded to a whole unit as docs/product.md#currencies says.
 */
export async function priceIn(money: Money, target: Currency, now = new Date()): Promise<Money> {
  if (money.currency === target) return money;
  return convertMoney(money, target, (await getExchangeRates(now)).rates);
}

const fallback = (): RatesSnapshot => ({ rates: fallbackRates, source: 'fallback', fetchedAt: null });

async function fetchAll(url: string): Promise<ExchangeRates> {
  const rows = await Promise.all(currencies.map(async (base) => [base, await fetchBase(url, base)] as const));
  return Object.fromEntries(rows) as ExchangeRates;
}

async function fetchBase(url: string, base: Currency): Promise<Record<Currency, number>> {
  const response = await fetch(`${url.replace(/\/+$/, '')}/${base}`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) {
    const message = `Exchange rate API returned status: ${response.status}`;
    logger.warn(message);
    throw new Error(message);
  }
  const { rates } = ServiceAnswer.parse(await response.json());
  // A currency to itself is 1, whatever the service says.
  return { ...rates, [base]: 1 };
}

async function readCache(now: Date): Promise<RatesSnapshot | undefined> {
  try {
    const { Item } = await dynamo.send(new GetCommand({ TableName: tableName(), Key: ratesCacheKey }));
    // The TTL deletes the item eventually, not on the hour: its age decides.
    if (!Item || now.getTime() - Date.parse(Item.fetchedAt as string) >= RATES_CACHE_SECONDS * 1000) return undefined;
    return { rates: Item.rates as ExchangeRates, source: 'live', fetchedAt: Item.fetchedAt as string };
  } catch (error) {
    logger.warn('Could not read the cached exchange rates', { error: String(error) });
    return undefined;
  }
}

async function writeCache(snapshot: RatesSnapshot, now: Date) {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...ratesCacheKey,
          type: 'ExchangeRates',
          rates: snapshot.rates,
          fetchedAt: snapshot.fetchedAt,
          ttl: expiresIn(RATES_CACHE_SECONDS, now),
        },
      }),
    );
  } catch (error) {
    // The rates are good; the next request fetches again.
    logger.warn('Could not cache the exchange rates', { error: String(error) });
  }
}
