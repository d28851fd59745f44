import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@schemas/currency';
import { formatDate } from '@/lib/format';
import { myPurchasesQuery } from '../api/purchases';

/** 'Your purchase' on the member's resources: the receipt of the package they own (nothing when they have none). */
export function PurchaseReceipt() {
  const { data } = useQuery(myPurchasesQuery());
  const purchase = data?.purchases.find((p) => p.status === 'paid');
  if (!purchase) return null;
  return (
    <section aria-labelledby="receipt-heading" className="mt-8 rounded-2xl border border-linen bg-white p-5 md:p-6">
      <h2 id="receipt-heading" className="text-xl">
        Your purchase
      </h2>
      <p className="mt-1 text-sm text-muted">Birth Breathwork Recordings, lifetime access</p>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm md:grid-cols-3">
        <div>
          <dt className="text-muted">Date</dt>
          <dd className="font-medium text-ink">{formatDate(purchase.paidAt ?? purchase.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-muted">Amount</dt>
          <dd className="font-medium text-ink">{purchase.price.amount > 0 ? formatMoney(purchase.price) : 'Free'}</dd>
        </div>
        {purchase.discountCode && (
          <div>
            <dt className="text-muted">Promo code</dt>
            <dd className="font-medium text-ink">{purchase.discountCode}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
