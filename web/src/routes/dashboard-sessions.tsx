import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { BookingTime } from '@schemas/member';
import { sessionCategories } from '@schemas/session';
import { ButtonLink } from '@/components/ui/button';
import { Tabs } from '@/components/ui/tabs';
import { requireMember } from '@/features/auth/require-member';
import { categoryFrom, myBookingsQuery } from '@/features/dashboard/api/my-bookings';
import { PagedBookings } from '@/features/dashboard/components/paged-bookings';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

const tabs: { id: BookingTime; label: string }[] = [
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'past', label: 'Past' },
];

/** ?tab=past and ?category=<name>: anything else is the upcoming tab of every category. */
function filterFrom(params: URLSearchParams) {
  return { when: params.get('tab') === 'past' ? 'past' : 'upcoming', category: categoryFrom(params.get('category')) } as const;
}

/** The first page of the tab and category in the URL loads with the page's code. */
export const sessionsLoader = (queryClient: QueryClient) => async (args: LoaderFunctionArgs) => {
  const user = await requireMember(args);
  const filter = filterFrom(new URL(args.request.url).searchParams);
  await queryClient.ensureInfiniteQueryData(myBookingsQuery(user.id, filter)).catch(() => undefined);
  return { userId: user.id };
};

/** Changing tab or category stays on the page: its list shows skeletons while the new one loads. */
export const shouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export function DashboardSessionsPage() {
  const { userId } = useLoaderData<{ userId: string }>();
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const query = useInfiniteQuery(myBookingsQuery(userId, filter));

  const update = (key: 'tab' | 'category', value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const upcoming = filter.when === 'upcoming';

  return (
    <DashboardPage
      id="sessions-heading"
      title="My Sessions"
      intro="The sessions you have a place in, coming up and already breathed through."
    >
      <div className="mt-8 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="md:w-72">
          <Tabs
            label="Sessions"
            idPrefix="sessions"
            tabs={tabs}
            selected={filter.when}
            onSelect={(id) => update('tab', id === 'past' ? 'past' : undefined)}
          />
        </div>
        <label htmlFor="session-category" className="flex items-center gap-3 text-sm font-medium text-ink">
          Category
          <select
            id="session-category"
            value={filter.category ?? ''}
            onChange={(event) => update('category', event.target.value || undefined)}
            className="h-10 cursor-pointer rounded-full border border-linen bg-white px-4 text-sm font-medium text-ink"
          >
            <option value="">All categories</option>
            {sessionCategories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div id="sessions-panel" role="tabpanel" aria-labelledby={`sessions-tab-${filter.when}`} className="mt-6">
        <PagedBookings
          query={query}
          label={upcoming ? 'Upcoming sessions' : 'Past sessions'}
          empty={upcoming ? 'No upcoming sessions booked.' : 'No past sessions available.'}
          emptyAction={
            upcoming && (
              <ButtonLink to="/#schedule" variant="secondary" size="sm">
                Browse Available Sessions
              </ButtonLink>
            )
          }
        />
      </div>
    </DashboardPage>
  );
}
