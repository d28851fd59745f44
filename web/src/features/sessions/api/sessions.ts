import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { SessionView } from '@schemas/session';
import { apiGet } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

const upcomingSessionsQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.sessions, 'upcoming'],
    queryFn: () => apiGet<{ sessions: SessionView[] }>('/sessions').then((r) => r.sessions),
    // A seat can go at any moment: keep the schedule fresh while it is open.
    refetchInterval: 10_000,
    refetchOnWindowFocus: true,
  });

export function useUpcomingSessions() {
  return useQuery(upcomingSessionsQuery());
}

const sessionQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryRoots.sessions, id],
    queryFn: () => apiGet<{ session: SessionView }>(`/sessions/${encodeURIComponent(id)}`).then((r) => r.session),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 1,
  });

export function useSession(id: string) {
  return useQuery(sessionQuery(id));
}

/**
 * A session page's loader: asks for the session as the page's code starts loading rather than
 * once it has run, and never waits for it (the page shows its own skeleton, and its own "not found").
 */
export const sessionLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(sessionQuery(params.id ?? ''));
    return null;
  };

/** Puts a session in the cache as the API would answer it: a page rendered on the server starts from it. */
export function seedSession(queryClient: QueryClient, session: SessionView) {
  queryClient.setQueryData(sessionQuery(session.id).queryKey, session);
}
