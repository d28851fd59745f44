import type { Money } from '@schemas/money';
import { formatMoney } from '@schemas/currency';
import { useConvertedPrice } from './currency-context';

/** A price as the visitor reads it: in the currency they chose, or 'Free'. */
export function PriceText({ money }: { money: Money }) {
  const price = useConvertedPrice(money);
  return <>{price.amount > 0 ? formatMoney(price) : 'Free'}</>;
}
