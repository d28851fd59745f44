import { useQuery } from '@tanstack/react-query';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/features/dashboard/components/booking-list';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { recordingsQuery } from '@/features/recordings/api/recordings';
import { RecordingCard, RecordingGridSkeleton } from '@/features/recordings/components/recording-card';
import { useViewer } from '@/features/auth/viewer';
import { PurchaseReceipt } from '@/features/purchases/components/purchase-receipt';

/** The recordings the member may watch (the free ones, and every one with the package), with how far they got, and their purchase's receipt. */
export function DashboardResourcesPage() {
  const viewer = useViewer();
  const recordings = useQuery({ ...recordingsQuery(viewer.userId), enabled: viewer.ready });
  const watchable = recordings.data?.filter((r) => r.access === 'open' || r.access === 'unlocked') ?? [];
  const locked = recordings.data?.some((r) => r.access === 'locked') ?? false;

  return (
    <DashboardPage id="resources-heading" title="My Resources" intro="The recordings you may watch, whenever you like.">
      <PurchaseReceipt />
      <div className="mt-8">
        {recordings.isPending ? (
          <RecordingGridSkeleton label="Loading your recordings" count={3} />
        ) : recordings.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 text-muted">
            <p>Your recordings could not be loaded just now.</p>
            <Button variant="secondary" size="sm" onClick={() => void recordings.refetch()}>
              Try again
            </Button>
          </div>
        ) : watchable.length === 0 ? (
          <EmptyState message="No resources found">
            <p className="text-sm">Recordings you unlock will appear here. See what is on offer in the recordings library.</p>
            <ButtonLink to="/birth-recordings" variant="secondary" size="sm">
              Explore Recordings
            </ButtonLink>
          </EmptyState>
        ) : (
          <>
            <ul aria-label="Your recordings" className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {watchable.map((recording) => (
                <RecordingCard key={recording.id} recording={recording} />
              ))}
            </ul>
            {locked && (
              <div className="mt-8 flex flex-col items-start gap-3 rounded-2xl bg-sand/70 p-6 md:flex-row md:items-center md:justify-between">
                <p className="text-ink">More recordings are waiting in the library: the package unlocks every one, for life.</p>
                <ButtonLink to="/birth-recordings" variant="secondary" size="sm">
                  Explore Recordings
                </ButtonLink>
              </div>
            )}
          </>
        )}
      </div>
    </DashboardPage>
  );
}
