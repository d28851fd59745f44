/**
 * An amount in the currency's smallest unit, as Stripe keeps it, written for people: 1500 gbp is
 * £15.00, 1500 jpy is ¥1,500 (the currency's own digits after the point, as Stripe counts them).
 */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'narrowSymbol',
  });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** Whether Stripe would know the currency: an ISO 4217 code, in lower case or upper. */
export const isCurrency = (code: string) =>
  /^[a-z]{3}$/i.test(code) && Intl.supportedValuesOf('currency').includes(code.toUpperCase());
