import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Currency, Money } from '@schemas/money';
import { convertMoney, formatMoney } from '@schemas/currency';
import { apiGet } from '@/lib/api';

type CurrencyState = { currency: Currency; setCurrency: (currency: Currency) => void; formatPrice: (money: Money) => string };

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
    formatPrice: (money) => formatMoney(convertMoney(money, currency)),
  };
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyState {
  const state = useContext(CurrencyContext);
  if (!state) throw new Error('useCurrency must be used within a CurrencyProvider');
  return state;
}
