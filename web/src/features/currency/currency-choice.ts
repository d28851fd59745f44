import { currencies, type Currency } from '@schemas/money';

/** Where the visitor's own choice of currency is kept, in this browser, across visits. */
export const CURRENCY_KEY = 'preferredCurrency';

/** The currency this visitor chose on an earlier page or visit, if any (and if it is one the site has). */
export function chosenCurrency(): Currency | undefined {
  try {
    const stored = localStorage.getItem(CURRENCY_KEY);
    return currencies.find((code) => code === stored);
  } catch {
    // Storage refused (a privacy mode): no earlier choice is known.
    return undefined;
  }
}

export function rememberCurrency(currency: Currency) {
  try {
    localStorage.setItem(CURRENCY_KEY, currency);
  } catch {
    // Without storage the choice lasts until the page is left.
  }
}
