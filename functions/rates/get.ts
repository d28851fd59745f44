import { openRoute } from '../lib/route-handler';
import { getExchangeRates } from '../domain/records/exchange-rates';
import { RatesQuery, type RatesView } from '../schemas/rates';

/** The rates the server converts prices with, for the site to show the same prices. */
export const handler = openRoute({ query: RatesQuery }, async ({ query }) => {
  const { rates, source, fetchedAt } = await getExchangeRates();
  const view: RatesView = { base: query.base, rates: rates[query.base], source, fetchedAt };
  return { body: view };
});
