import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENCY_KEY, chosenCurrency, rememberCurrency } from '@/features/currency/currency-choice';

const stored = new Map<string, string>();

beforeEach(() => {
  stored.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  });
});
afterEach(() => vi.unstubAllGlobals());

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
