import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ResourceList } from '@schemas/resource';
import { apiGet } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

/** Read again this long before the videos' addresses stop working, so a player never starts on a dead one. */
const RENEW_BEFORE_MS = 10 * 60_000;

/** The learning resources found by `search` (all of them for none), newest first. */
export const resourcesQuery = (search: string) =>
  queryOptions({
    queryKey: [...queryRoots.resources, search],
    queryFn: () => apiGet<ResourceList>(`/resources${search ? `?q=${encodeURIComponent(search)}` : ''}`),
    // The last results stay while the next search loads, rather than a flash of skeletons per keystroke.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const until = query.state.data?.playableUntil;
      return until ? Math.max(60_000, Date.parse(until) - Date.now() - RENEW_BEFORE_MS) : false;
    },
  });
