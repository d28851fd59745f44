import { useSearchParams } from 'react-router';
import type { SessionView } from '@schemas/session';
import { CardListSkeleton } from '@/components/ui/skeleton';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { SessionCard, SessionTableRow } from './session-row';
import { ALL_CATEGORIES, ALL_LOCATIONS, categoryChips, locationChips, matchesFilters } from '../filters';
import { ChipGroup, ChipRow } from './chip-group';

const DEFAULT_EMPTY_MESSAGE = 'No upcoming sessions at this time. Check back later!';

type SessionListProps = {
  sessions: SessionView[] | undefined;
  isLoading: boolean;
  /** Filters belong to the full list only, not to featured or limited lists. */
  showFilters?: boolean;
  featuredOnly?: boolean;
  limit?: number;
  emptyMessage?: string;
};

export function SessionList({
  sessions,
  isLoading,
  showFilters = false,
  featuredOnly = false,
  limit,
  emptyMessage = DEFAULT_EMPTY_MESSAGE,
}: SessionListProps) {
  const [params, setParams] = useSearchParams();
  const isMobile = useIsMobile();
  const category = showFilters ? (params.get('category') ?? ALL_CATEGORIES) : ALL_CATEGORIES;
  const location = showFilters ? (params.get('location') ?? ALL_LOCATIONS) : ALL_LOCATIONS;

  if (isLoading) return <CardListSkeleton rows={limit ?? 3} label="Loading sessions" />;

  const base = (sessions ?? []).filter((s) => !featuredOnly || s.featured);
  const visible = base.filter((s) => matchesFilters(s, category, location)).slice(0, limit);
  const changeFilters = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const setFilter = (key: string, value: string, all: string) =>
    changeFilters((next) => (value === all ? next.delete(key) : next.set(key, value)));
  const clearFilters = () =>
    changeFilters((next) => {
      next.delete('category');
      next.delete('location');
    });

  return (
    <div className="flex flex-col gap-6">
      {showFilters && (
        <ChipRow selected={`${category}\n${location}`}>
          <ChipGroup
            label="Filter by category"
            options={categoryChips(base, category)}
            value={category}
            onChange={(v) => setFilter('category', v, ALL_CATEGORIES)}
          />
          <ChipGroup
            label="Filter by location"
            options={locationChips(base)}
            value={location}
            onChange={(v) => setFilter('location', v, ALL_LOCATIONS)}
          />
        </ChipRow>
      )}
      {visible.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-linen bg-white/60 px-6 py-12 text-center text-muted">
          {base.length === 0 ? (
            emptyMessage
          ) : (
            // Sessions there are, just none that the chosen filters let through.
            <>
              <p>No sessions match these filters.</p>
              <button
                type="button"
                onClick={clearFilters}
                className="mt-3 font-medium text-clay underline underline-offset-4 hover:text-clay/80"
              >
                Show all sessions
              </button>
            </>
          )}
        </div>
      ) : isMobile ? (
        <ul className="flex flex-col gap-3" aria-label="Sessions">
          {visible.map((session) => (
            <SessionCard key={session.id} session={session} />
          ))}
        </ul>
      ) : (
        <div className="rounded-2xl border border-linen bg-white px-6 shadow-sm">
          <table className="w-full table-fixed border-collapse text-left">
            {/* Fixed columns, so the featured and full lists line up. */}
            <colgroup>
              <col className="w-24" />
              <col />
              <col className="w-40" />
              <col className="w-52" />
              <col className="w-24" />
              <col className="w-24" />
            </colgroup>
            <caption className="sr-only">Sessions</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Session</th>
                <th scope="col">Time</th>
                <th scope="col">Location</th>
                <th scope="col">Price</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody className="[&>tr:first-child]:border-t-0">
              {visible.map((session) => (
                <SessionTableRow key={session.id} session={session} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
