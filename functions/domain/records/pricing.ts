import { convertMoney, fallbackRates } from '../../schemas/currency';
import type { DiscountQuote } from '../../schemas/discount';
import type { Currency, Money } from '../../schemas/money';
import { checkUsable, getDiscountCode, quoteDiscount } from './discounts';
import { getExchangeRates } from './exchange-rates';
import type { SessionRecord } from './sessions';

// Kept apart from book-session.ts, so a price can be quoted (discounts/validate) without the
// checkout and its Stripe client.

/** A session's price, the base its seats are quoted from. */
export const sessionPrice = (session: Pick<SessionRecord, 'priceAmount' | 'priceCurrency'>): Money => ({
  amount: session.priceAmount,
  currency: session.priceCurrency,
});

/** Stripe's smallest charge in each currency, in minor units. */
const MINIMUM_CHARGE: Record<Currency, number> = { GBP: 30, EUR: 50, USD: 50 };

/** A price for a visitor: before and after the code, if one was given. */
export type QuotedPrice = { originalPrice: Money; price: Money; quote?: DiscountQuote };

/**
 * The price a visitor pays for anything sold (a session's seat, later the recordings package),
 * computed here and nowhere else: its base price converted into
 * the visitor's currency with the server's rates (whole units, docs/product.md#currencies), then
 * the code's discount with the arithmetic of docs/product.md#discount-codes. Rates are read only
 * when some amount changes currency. Throws that section's errors for a code that cannot be used.
 */
export async function quotePrice(
  base: Money,
  currency: Currency,
  code: string | undefined,
  now: Date,
  usable: typeof checkUsable = checkUsable,
): Promise<QuotedPrice> {
  const record = code === undefined ? undefined : usable(await getDiscountCode(code), now);
  const needsRates =
    base.currency !== currency || (record?.discount.type === 'fixed_amount' && record.discount.amount.currency !== currency);
  const rates = needsRates ? (await getExchangeRates(now)).rates : fallbackRates;
  const originalPrice = convertMoney(base, currency, rates);
  if (!record) return { originalPrice, price: originalPrice };
  const quoted = quoteDiscount(record, originalPrice, rates);
  // Card payments cannot be this small: what a code leaves under Stripe's minimum is not charged.
  const quote =
    quoted.discountedPrice.amount < MINIMUM_CHARGE[currency]
      ? { ...quoted, discountedPrice: { amount: 0, currency }, free: true }
      : quoted;
  return { originalPrice, price: quote.discountedPrice, quote };
}
