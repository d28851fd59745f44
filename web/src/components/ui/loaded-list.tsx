import { Button } from './button';
import { ResponsiveList, ResponsiveListSkeleton, type Column } from './responsive-list';

/** What an admin list needs of its query (TanStack Query's result, plain or infinite). */
type ListQuery = {
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
};

type LoadedListProps<T> = {
  query: ListQuery;
  items: T[];
  rowKey: (item: T) => string;
  columns: Column<T>[];
  caption: string;
  /** What the list holds, in the plural: 'leads' makes 'Loading leads...' and 'Show more leads'. */
  noun: string;
  /** The empty state: a line, and what would fill the list. */
  empty: { title: string; detail?: string };
};

/**
 * An admin list through its states: a skeleton while it loads, a failure with Try again, the
 * empty state, or the list; and, for a paged query, the next page on request.
 */
export function LoadedList<T>({ query, items, noun, empty, ...list }: LoadedListProps<T>) {
  return (
    <>
      {query.isLoading ? (
        <ResponsiveListSkeleton columns={list.columns} label={`Loading ${noun}...`} />
      ) : query.isError ? (
        <div role="alert" className="rounded-2xl bg-sand p-6">
          <p>The {noun} could not be loaded just now.</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-2xl bg-sand p-6">
          <p className={empty.detail ? 'font-medium' : 'text-muted'}>{empty.title}</p>
          {empty.detail && <p className="mt-1 text-muted">{empty.detail}</p>}
        </div>
      ) : (
        <ResponsiveList items={items} {...list} />
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-6"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage?.()}
        >
          {query.isFetchingNextPage ? 'Loading…' : `Show more ${noun}`}
        </Button>
      )}
    </>
  );
}
