import { currencies, type Currency } from '@schemas/money';
import { currencySymbols } from '@schemas/currency';
import { useCurrency } from './currency-context';

export function CurrencySelector({ id = 'currency' }: { id?: string }) {
  const { currency, setCurrency } = useCurrency();
  return (
    <label htmlFor={id} className="inline-flex items-center">
      <span className="sr-only">Currency</span>
      <select
        id={id}
        value={currency}
        onChange={(event) => setCurrency(event.target.value as Currency)}
        className="h-9 cursor-pointer rounded-full border border-linen bg-white px-3 text-sm font-medium text-ink"
      >
        {currencies.map((code) => (
          <option key={code} value={code}>
            {currencySymbols[code]} {code}
          </option>
        ))}
      </select>
    </label>
  );
}
