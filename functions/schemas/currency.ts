import type { Currency, Money } from './money';

export const currencySymbols: Record<Currency, string> = { GBP: '£', EUR: '€', USD: '$' };

// The list of docs/product.md#currencies, which includes some non-euro EU countries on purpose.
const euroCountries = new Set('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '));

/** The currency shown to a visitor from their country (CloudFront's viewer country). */
export function currencyForCountry(country: string | undefined): Currency {
  const code = country?.toUpperCase();
  if (code === 'GB') return 'GBP';
  if (code && euroCountries.has(code)) return 'EUR';
  return code ? 'USD' : 'GBP';
}

export type ExchangeRates = Record<Currency, Record<Currency, number>>;

/** The fallback rates (docs/product.md#currencies), used when no live rates are available. */
export const fallbackRates: ExchangeRates = {
  GBP: { GBP: 1, EUR: 1.17, USD: 1.27 },
  EUR: { GBP: 0.85, EUR: 1, USD: 1.09 },
  USD: { GBP: 0.78, EUR: 0.92, USD: 1 },
};

/**
 * Converts a price for display. Same currency: unchanged. Otherwise converted and rounded
 * to a whole unit (half up), as docs/product.md#currencies shows converted prices.
 */
export function convertMoney(money: Money, target: Currency, rates: ExchangeRates = fallbackRates): Money {
  if (money.currency === target) return money;
  const rate = rates[money.currency]?.[target];
  if (!rate) return money;
  // Twelve significant digits drop the binary noise of the multiplication, so a true half
  // rounds up: £850 at 1.17 is €994.50, which floating point alone makes 994.4999999999999.
  const wholeUnits = Math.round(Number(((money.amount / 100) * rate).toPrecision(12)));
  return { amount: wholeUnits * 100, currency: target };
}

/** A discounted price as docs/product.md#discount-codes shows it, always with two decimals: '£13.50', '£12.00'. */
export const formatMoneyWithPence = (money: Money) => `${currencySymbols[money.currency]}${(money.amount / 100).toFixed(2)}`;

export function formatMoney(money: Money): string {
  const units = money.amount / 100;
  const text = Number.isInteger(units) ? String(units) : units.toFixed(2);
  return `${currencySymbols[money.currency]}${text}`;
}
