import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { requireMember } from '@/features/auth/require-member';
import { myBookingsQuery } from '@/features/dashboard/api/my-bookings';
import { PagedBookings } from '@/features/dashboard/components/paged-bookings';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

/** The first page of past sessions loads with the page's code. */
export const pastSessionsLoader = (queryClient: QueryClient) => async (args: LoaderFunctionArgs) => {
  const user = await requireMember(args);
  await queryClient.ensureInfiniteQueryData(myBookingsQuery(user.id, { when: 'past' })).catch(() => undefined);
  return { userId: user.id };
};

/** The sessions the member held a seat in (the one seat rule), latest first. */
export function DashboardPastSessionsPage() {
  const { userId } = useLoaderData<{ userId: string }>();
  const query = useInfiniteQuery(myBookingsQuery(userId, { when: 'past' }));
  return (
    <DashboardPage id="past-heading" title="Past Sessions" intro="Every session you have attended, the latest first.">
      <div className="mt-8">
        <PagedBookings
          query={query}
          label="Past sessions"
          empty="You haven't attended any sessions yet."
          emptyAction={
            <ButtonLink to="/#schedule" variant="secondary" size="sm">
              Browse Available Sessions
            </ButtonLink>
          }
        />
      </div>
    </DashboardPage>
  );
}
