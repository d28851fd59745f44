import { useInfiniteQuery, type InfiniteData, type QueryClient, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { BookingTime, MemberBookingsPage } from '@schemas/member';
import { Button, ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { requireMember } from '@/features/auth/require-member';
import { BookingCard } from '@/features/my-bookings/components/booking-card';
import { myBookingsQuery } from '@/features/dashboard/api/my-bookings';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

/** Member only; both lists start loading with the page's code. */
export const myBookingsLoader = (queryClient: QueryClient) => async (args: LoaderFunctionArgs) => {
  const user = await requireMember(args);
  void queryClient.prefetchInfiniteQuery(myBookingsQuery(user.id, { when: 'upcoming', status: 'all' }));
  void queryClient.prefetchInfiniteQuery(myBookingsQuery(user.id, { when: 'past', status: 'all' }));
  return { userId: user.id };
};

/**
 * /dashboard/bookings. Two sections, Upcoming then Past: the API lists them apart (soonest
 * first, latest first), each with its own cursor, so each section pages on its own.
 */
export function MyBookingsPage() {
  const { userId } = useLoaderData<{ userId: string }>();
  const upcoming = useInfiniteQuery(myBookingsQuery(userId, { when: 'upcoming', status: 'all' }));
  const past = useInfiniteQuery(myBookingsQuery(userId, { when: 'past', status: 'all' }));
  const none =
    upcoming.isSuccess &&
    past.isSuccess &&
    upcoming.data.pages[0].bookings.length === 0 &&
    past.data.pages[0].bookings.length === 0;

  return (
    <DashboardPage id="bookings-heading" title="My Bookings" intro="Every session you have booked, with its status.">
      {none ? (
        <div className="mt-10 rounded-2xl border border-linen bg-white p-8 text-center shadow-sm md:p-12">
          <h2 className="text-2xl">No bookings yet</h2>
          <p className="mx-auto mt-2 max-w-md text-muted">
            When you book a session, it will appear here with its date and status.
          </p>
          <ButtonLink to="/" className="mt-6">
            Browse Available Sessions
          </ButtonLink>
        </div>
      ) : (
        <>
          <BookingSection title="Upcoming" when="upcoming" userId={userId} list={upcoming} />
          <BookingSection title="Past" when="past" userId={userId} list={past} />
        </>
      )}
    </DashboardPage>
  );
}

type List = UseInfiniteQueryResult<InfiniteData<MemberBookingsPage>>;

function BookingSection({ title, when, userId, list }: { title: string; when: BookingTime; userId: string; list: List }) {
  const headingId = `bookings-${when}`;
  const bookings = list.data?.pages.flatMap((page) => page.bookings) ?? [];
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-2xl">
        {title}
      </h2>
      {list.isPending ? (
        <div aria-busy="true" aria-label={`Loading ${title.toLowerCase()} bookings`} className="mt-4 flex flex-col gap-4">
          <Skeleton className="h-36 w-full rounded-2xl" />
          <Skeleton className="h-36 w-full rounded-2xl" />
        </div>
      ) : list.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-muted">
          Your {title.toLowerCase()} bookings could not be loaded just now.
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : bookings.length === 0 ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-dashed border-linen p-6">
          <p className="text-muted">{when === 'upcoming' ? 'You have no upcoming bookings.' : 'No past bookings yet.'}</p>
          {when === 'upcoming' && (
            <ButtonLink to="/" variant="secondary" size="sm">
              Browse Available Sessions
            </ButtonLink>
          )}
        </div>
      ) : (
        <>
          <ul className="mt-4 flex flex-col gap-4">
            {bookings.map((booking) => (
              <BookingCard key={booking.id} booking={booking} userId={userId} />
            ))}
          </ul>
          {list.hasNextPage && (
            <Button
              variant="secondary"
              className="mt-6"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading…' : `Show more ${title.toLowerCase()} bookings`}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
