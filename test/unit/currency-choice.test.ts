import { describe, expect, it, vi } from 'vitest';
import { useMemoryStorage } from '../support/memory-storage';
import { CURRENCY_KEY, chosenCurrency, rememberCurrency } from '@/features/currency/currency-choice';

const stored = useMemoryStorage();

describe("the visitor's own currency", () => {
  it('is remembered once chosen, and read back on the next visit', () => {
    expect(chosenCurrency()).toBeUndefined();
    rememberCurrency('USD');
    expect(stored.get(CURRENCY_KEY)).toBe('USD');
    expect(chosenCurrency()).toBe('USD');
  });

  it('is no choice at all when what is stored is not a currency the site has', () => {
    for (const value of ['JPY', 'usd', '', '{"currency":"EUR"}']) {
      stored.set(CURRENCY_KEY, value);
      expect(chosenCurrency(), value).toBeUndefined();
    }
  });

  it('is no choice, and no failure, where the browser refuses storage', () => {
    const refused = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: refused, setItem: refused });
    expect(() => rememberCurrency('EUR')).not.toThrow();
    expect(chosenCurrency()).toBeUndefined();
  });
});
