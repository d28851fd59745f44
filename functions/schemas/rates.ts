import * as z from 'zod/mini';
import { currencies, type Currency } from './money';

/** `GET /api/rates?base=`: one row of the rates, as the exchange-rate service answers `latest/{base}`. */
export const RatesQuery = z.object({
  base: z._default(z.enum(currencies, { error: 'Base must be GBP, EUR or USD' }), 'GBP'),
});

/** What `GET /api/rates` answers: the rates from `base` to each currency, and where they came from. */
export type RatesView = {
  base: Currency;
  rates: Record<Currency, number>;
  /** 'live' from the exchange-rate service (cached for an hour), 'fallback' the fixed table of docs/product.md#currencies. */
  source: 'live' | 'fallback';
  /** When the live rates were fetched; null for the fallback table. */
  fetchedAt: string | null;
};
