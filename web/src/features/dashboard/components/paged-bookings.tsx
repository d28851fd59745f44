import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { MemberBookingsPage } from '@schemas/member';
import { Button } from '@/components/ui/button';
import { CardListSkeleton } from '@/components/ui/skeleton';
import { BookingList, EmptyState } from './booking-list';

/** A member's bookings a page at a time: skeletons, an error with retry, the empty state, or the list and 'Load more'. */
export function PagedBookings({
  query,
  label,
  empty,
  emptyAction,
}: {
  query: UseInfiniteQueryResult<InfiniteData<MemberBookingsPage>>;
  label: string;
  empty: string;
  emptyAction?: ReactNode;
}) {
  if (query.isPending) return <CardListSkeleton label={`Loading ${label.toLowerCase()}`} />;
  if (query.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-2xl border border-linen bg-white px-6 py-12 text-center"
      >
        <p className="text-muted">Your sessions could not be loaded just now.</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const bookings = query.data.pages.flatMap((page) => page.bookings);
  if (bookings.length === 0) return <EmptyState message={empty}>{emptyAction}</EmptyState>;
  return (
    <div className="flex flex-col gap-6">
      <BookingList bookings={bookings} label={label} />
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
