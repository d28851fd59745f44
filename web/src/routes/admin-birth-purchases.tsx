import { PurchaseList } from '@/features/admin/components/purchase-list';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /admin/birth-purchases: every purchase of the recordings package, refunded or deleted after asking. */
export function AdminBirthPurchasesPage() {
  useDocumentTitle('Birth Recording Purchases · Admin');
  return (
    <section aria-labelledby="birth-purchases-heading">
      <h1 id="birth-purchases-heading" className="text-3xl md:text-4xl">
        Birth Recording Purchases
      </h1>
      <p className="mt-2 max-w-2xl text-muted">
        Everyone who bought the recordings package or started to, newest first. A paid purchase is refunded before it can be
        deleted.
      </p>
      <div className="mt-6">
        <PurchaseList />
      </div>
    </section>
  );
}
