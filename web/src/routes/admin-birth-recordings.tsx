import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RecordingView } from '@schemas/recording';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PillTabs } from '@/components/ui/pill-tabs';
import { ResponsiveList, ResponsiveListSkeleton, type Column } from '@/components/ui/responsive-list';
import { PackagePriceSettings } from '@/features/admin/components/package-price-settings';
import { PurchaseList } from '@/features/admin/components/purchase-list';
import { useAuthSession } from '@/features/auth/session';
import { recordingsQuery } from '@/features/recordings/api/recordings';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format';

const recordingColumns: Column<RecordingView>[] = [
  { header: 'Title', cell: (recording) => recording.title, card: 'title' },
  { header: 'Description', cell: (recording) => <span className="line-clamp-2">{recording.description}</span>, wide: true },
  {
    header: 'Type',
    cell: (recording) => <Badge tone={recording.isFree ? 'sage' : 'clay'}>{recording.isFree ? 'Free' : 'Premium'}</Badge>,
    card: 'corner',
  },
  { header: 'Order', cell: (recording) => recording.orderIndex, className: 'whitespace-nowrap' },
  { header: 'Created', cell: (recording) => formatDate(recording.createdAt), className: 'whitespace-nowrap' },
];

/** /admin/birth-recordings: the package's price and the recordings library (Recordings), and its purchases (Purchases). */
export function AdminBirthRecordingsPage() {
  useDocumentTitle('Birth Recordings');
  const [tab, setTab] = useState<'recordings' | 'purchases'>('recordings');
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
          ]}
        />
      </div>
      <div className="mt-6 flex flex-col gap-8">
        {tab === 'recordings' ? (
          <>
            <PackagePriceSettings />
            <RecordingsLibrary />
          </>
        ) : (
          <PurchaseList />
        )}
      </div>
    </section>
  );
}

function RecordingsLibrary() {
  const auth = useAuthSession();
  const recordings = useQuery({
    ...recordingsQuery(auth.status === 'signed-in' ? auth.user.id : undefined),
    enabled: auth.status !== 'loading',
  });
  return (
    <section aria-labelledby="library-heading">
      <h2 id="library-heading" className="text-xl">
        Recordings Library
      </h2>
      <div className="mt-4">
        {recordings.isPending ? (
          <ResponsiveListSkeleton columns={recordingColumns} label="Loading the recordings" />
        ) : recordings.isError ? (
          <div role="alert" className="rounded-2xl bg-sand p-6">
            <p>The recordings could not be loaded just now.</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void recordings.refetch()}>
              Try again
            </Button>
          </div>
        ) : recordings.data.length === 0 ? (
          <p className="rounded-2xl bg-sand p-6 text-muted">No recordings yet.</p>
        ) : (
          <ResponsiveList
            items={recordings.data}
            rowKey={(recording) => recording.id}
            columns={recordingColumns}
            caption="Recordings, in their order"
          />
        )}
      </div>
    </section>
  );
}
