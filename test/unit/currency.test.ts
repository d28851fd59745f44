import { describe, expect, it } from 'vitest';
import { convertMoney, currencyForCountry, formatMoney } from '../../functions/schemas/currency';

describe('currency', () => {
  it('picks the currency from the visitor country as the product lists it', () => {
    expect(currencyForCountry('GB')).toBe('GBP');
    expect(currencyForCountry('fr')).toBe('EUR');
    expect(currencyForCountry('SE')).toBe('EUR'); // docs/product.md#currencies: the list includes non-euro countries
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry('JP')).toBe('USD');
    expect(currencyForCountry(undefined)).toBe('GBP');
  });

  it('leaves a price in its own currency untouched, pence and all', () => {
    expect(convertMoney({ amount: 1250, currency: 'GBP' }, 'GBP')).toEqual({ amount: 1250, currency: 'GBP' });
  });

  it('converts with the fallback rates and rounds to whole units, half up', () => {
    expect(convertMoney({ amount: 2500, currency: 'GBP' }, 'EUR')).toEqual({ amount: 2900, currency: 'EUR' }); // 29.25
    expect(convertMoney({ amount: 1500, currency: 'EUR' }, 'GBP')).toEqual({ amount: 1300, currency: 'GBP' }); // 12.75
    expect(convertMoney({ amount: 5000, currency: 'USD' }, 'EUR')).toEqual({ amount: 4600, currency: 'EUR' });
    expect(convertMoney({ amount: 1000, currency: 'GBP' }, 'USD', { GBP: { GBP: 1, EUR: 1, USD: 1.25 } } as never)).toEqual({
      amount: 1300, // 12.5 rounds up
      currency: 'USD',
    });
  });

  it('formats with the symbol, dropping .00 but keeping pence', () => {
    expect(formatMoney({ amount: 2500, currency: 'GBP' })).toBe('£25');
    expect(formatMoney({ amount: 1250, currency: 'EUR' })).toBe('€12.50');
    expect(formatMoney({ amount: 999, currency: 'USD' })).toBe('$9.99');
  });
});
