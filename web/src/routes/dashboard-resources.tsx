import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/features/dashboard/components/booking-list';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { PurchaseReceipt } from '@/features/purchases/components/purchase-receipt';

/**
 * The recordings the member may watch. Purchases and recordings arrive with the recordings work;
 * until then there is nothing the member may watch here, and the page says so.
 */
export function DashboardResourcesPage() {
  return (
    <DashboardPage id="resources-heading" title="My Resources" intro="The recordings you may watch, whenever you like.">
      <div className="mt-8">
        <PurchaseReceipt />
      </div>
      <div className="mt-8">
        <EmptyState message="No resources found">
          <p className="text-sm">Recordings you unlock will appear here. See what is on offer in the recordings library.</p>
          <ButtonLink to="/birth-recordings" variant="secondary" size="sm">
            Explore Recordings
          </ButtonLink>
        </EmptyState>
      </div>
    </DashboardPage>
  );
}
