import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@schemas/currency';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { CheckoutCancelled } from '@/components/checkout-cancelled';
import { useCurrency } from '@/features/currency/currency-context';
import { useLeftCheckout } from '@/hooks/use-left-checkout';
import { packageQuery, purchaseStatusQuery, useCancelPurchaseCheckout } from '../api/purchases';
import { PurchaseDialog, type Buyer } from './purchase-dialog';
import { PurchaseReturn } from './purchase-return';

const included = [
  'Every premium recording, now and to come',
  'Watch on any device, at your own pace',
  'One payment, lifetime access',
];

/**
 * The recordings library's purchase banner: the package's price in the visitor's currency and the
 * way to buy it, hidden once the member owns it. `?purchase=true` opens the dialog (a premium
 * recording's gate links here); `?success=true&purchaseId=` is the return from checkout, and
 * `?checkout=cancelled&purchaseId=` from one left unpaid, which ends that purchase at once.
 */
export function PackageOffer({ buyer, signedOut }: { buyer: Buyer; signedOut: boolean }) {
  const { currency } = useCurrency();
  const [params, setParams] = useSearchParams();
  const dialog = useRef<HTMLDialogElement>(null);
  const offer = useQuery(packageQuery(currency, buyer?.id));
  const wantsDialog = params.get('purchase') === 'true';
  const returning = params.get('success') === 'true' ? params.get('purchaseId') : null;
  const known = buyer !== undefined || signedOut;
  // Just paid as a guest: the account to set up owns it, so the banner does not offer it again.
  const returned = useQuery({ ...purchaseStatusQuery(returning ?? ''), enabled: returning !== null });
  const hidden = offer.data?.owned === true || returned.data?.status === 'paid';

  const left = useLeftCheckout('purchaseId');
  const { mutate: cancelCheckout } = useCancelPurchaseCheckout();
  useEffect(() => {
    if (left.id) cancelCheckout(left.id, { onSuccess: left.done });
  }, [left.id, left.done, cancelCheckout]);

  useEffect(() => {
    if (!wantsDialog || !known || offer.data?.owned !== false) return;
    dialog.current?.showModal();
    setParams(
      (current) => {
        current.delete('purchase');
        return current;
      },
      { replace: true },
    );
  }, [wantsDialog, known, offer.data?.owned, setParams]);

  return (
    <>
      {returning && <PurchaseReturn purchaseId={returning} buyer={buyer} signedOut={signedOut} />}
      <CheckoutCancelled className="mb-6" />
      {hidden ? null : (
        <section
          aria-labelledby="package-offer-heading"
          className="overflow-hidden rounded-3xl border border-linen bg-gradient-to-br from-sand via-cream to-white p-6 shadow-sm md:p-10"
        >
          <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between md:gap-10">
            <div className="max-w-xl">
              <p className="text-xs font-semibold uppercase tracking-[0.18em] text-clay">Lifetime access</p>
              <h2 id="package-offer-heading" className="mt-2 text-3xl md:text-4xl">
                Unlock the complete birth-breathwork library
              </h2>
              <ul className="mt-4 flex flex-col gap-2 text-muted">
                {included.map((line) => (
                  <li key={line} className="flex items-start gap-2">
                    <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-sage" />
                    {line}
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex flex-col items-center gap-3 rounded-2xl bg-white/80 p-5 text-center md:min-w-60">
              {offer.data ? (
                <p>
                  <span className="sr-only">Price: </span>
                  <span className="font-serif text-4xl text-ink">{formatMoney(offer.data.price)}</span>
                  <span className="block text-sm text-muted">one payment</span>
                </p>
              ) : offer.isError ? (
                <p className="text-sm text-muted">The price could not be loaded just now.</p>
              ) : (
                <Skeleton className="h-12 w-28" />
              )}
              <Button className="w-full" disabled={!offer.data} onClick={() => dialog.current?.showModal()}>
                Unlock All Recordings
              </Button>
            </div>
          </div>
        </section>
      )}
      <PurchaseDialog dialogRef={dialog} currency={currency} buyer={buyer} />
    </>
  );
}
