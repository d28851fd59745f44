import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Currency, Money } from '@schemas/money';
import { convertMoney, fallbackRates } from '@schemas/currency';
import { apiGet } from '@/lib/api';
import { ratesQuery } from './api/rates';
import { CURRENCY_KEY, chosenCurrency, rememberCurrency } from './currency-choice';

type CurrencyState = { currency: Currency; setCurrency: (currency: Currency) => void };

const CurrencyContext = createContext<CurrencyState | null>(null);

/**
 * The visitor's own choice, kept in this browser; or, for a visitor who never chose, GBP at
 * first and then the currency of their country. A choice made in another tab is followed here.
 */
export function CurrencyProvider({ children }: { children: ReactNode }) {
  const [currency, setCurrency] = useState<Currency>(() => chosenCurrency() ?? 'GBP');
  const [chosen, setChosen] = useState(() => chosenCurrency() !== undefined);

  useEffect(() => {
    if (chosen) return;
    let cancelled = false;
    apiGet<{ currency: Currency }>('/geo')
      .then((geo) => !cancelled && setCurrency(geo.currency))
      .catch((error) => console.warn('Location lookup failed; showing GBP', error));
    return () => {
      cancelled = true;
    };
  }, [chosen]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      const next = event.key === CURRENCY_KEY ? chosenCurrency() : undefined;
      if (!next) return;
      setChosen(true);
      setCurrency(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value: CurrencyState = {
    currency,
    setCurrency: (next) => {
      rememberCurrency(next);
      setChosen(true);
      setCurrency(next);
    },
  };
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyState {
  const state = useContext(CurrencyContext);
  if (!state) throw new Error('useCurrency must be used within a CurrencyProvider');
  return state;
}

/**
 * A price in the visitor's currency, converted with the server's own rates so it is what
 * checkout charges, to the penny. Rates are asked for only when the currencies differ; until
 * they arrive, or if they cannot be had, the fallback table (docs/product.md#currencies) converts, as on the server.
 */
export function useConvertedPrice(money: Money): Money {
  const { currency } = useCurrency();
  const converting = money.currency !== currency;
  const { data } = useQuery({ ...ratesQuery(money.currency), enabled: converting });
  if (!converting) return money;
  return convertMoney(money, currency, data ? { ...fallbackRates, [data.base]: data.rates } : fallbackRates);
}
