import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Currency, Money } from '@schemas/money';
import { convertMoney, fallbackRates } from '@schemas/currency';
import { apiGet } from '@/lib/api';
import { ratesQuery } from './api/rates';

type CurrencyState = { currency: Currency; setCurrency: (currency: Currency) => void };

const CurrencyContext = createContext<CurrencyState | null>(null);

/** Starts in GBP, then takes the currency of the visitor's country unless they already chose one. */
export function CurrencyProvider({ children }: { children: ReactNode }) {
  const [currency, setCurrency] = useState<Currency>('GBP');
  const [chosen, setChosen] = useState(false);

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

  const value: CurrencyState = {
    currency,
    setCurrency: (next) => {
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
 * they arrive, or if they cannot be had, the spec's fallback table converts, as on the server.
 */
export function useConvertedPrice(money: Money): Money {
  const { currency } = useCurrency();
  const converting = money.currency !== currency;
  const { data } = useQuery({ ...ratesQuery(money.currency), enabled: converting });
  if (!converting) return money;
  return convertMoney(money, currency, data ? { ...fallbackRates, [data.base]: data.rates } : fallbackRates);
}
