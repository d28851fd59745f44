import { PillTabs } from '@/components/ui/pill-tabs';
import { PackagePriceSettings } from '@/features/admin/components/package-price-settings';
import { LeadList } from '@/features/admin/components/lead-list';
import { PurchaseList } from '@/features/admin/components/purchase-list';
import { RecordingsLibrary } from '@/features/admin/components/recordings-library';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTabParam } from '@/hooks/use-tab-param';

/**
 * /admin/birth-recordings: the package's price and the recordings library (Recordings), its
 * purchases (Purchases), and the addresses given to watch a free recording (Leads).
 */
export function AdminBirthRecordingsPage() {
  useDocumentTitle('Birth Recordings');
  const [tab, setTab] = useTabParam(['recordings', 'purchases', 'leads'] as const);
  return (
    <section aria-labelledby="birth-recordings-heading">
      <h1 id="birth-recordings-heading" className="text-3xl md:text-4xl">
        Birth Recordings
      </h1>
      <div className="mt-6">
        <PillTabs
          label="Birth recordings"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'recordings', label: 'Recordings' },
            { id: 'purchases', label: 'Purchases' },
            { id: 'leads', label: 'Leads' },
          ]}
        />
      </div>
      <div className="mt-6 flex flex-col gap-8">
        {tab === 'recordings' ? (
          <>
            <PackagePriceSettings />
            <RecordingsLibrary />
          </>
        ) : tab === 'purchases' ? (
          <PurchaseList />
        ) : (
          <LeadList />
        )}
      </div>
    </section>
  );
}
