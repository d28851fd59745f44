import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/features/dashboard/components/booking-list';

/**
 * The recordings the member may watch. Purchases and recordings arrive with the recordings work;
 * until then there is nothing the member may watch here, and the page says so.
 */
export function DashboardResourcesPage() {
  return (
    <section aria-labelledby="resources-heading">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-sage">Dashboard</p>
      <h1 id="resources-heading" className="mt-3 text-3xl md:text-4xl">
        My Resources
      </h1>
      <p className="mt-2 text-muted">The recordings you may watch, whenever you like.</p>
      <div className="mt-8">
        <EmptyState message="No resources found">
          <p className="text-sm">Recordings you unlock will appear here. See what is on offer in the recordings library.</p>
          <ButtonLink to="/birth-recordings" variant="secondary" size="sm">
            Explore Recordings
          </ButtonLink>
        </EmptyState>
      </div>
    </section>
  );
}
