import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '@schemas/session';
import { apiGet } from '@/lib/api';

export function useUpcomingSessions() {
  return useQuery({
    queryKey: ['sessions', 'upcoming'],
    queryFn: () => apiGet<{ sessions: SessionView[] }>('/sessions').then((r) => r.sessions),
    // A seat can go at any moment: keep the schedule fresh while it is open.
    refetchInterval: 10_000,
    refetchOnWindowFocus: true,
  });
}

export function useSession(id: string) {
  return useQuery({
    queryKey: ['sessions', id],
    queryFn: () => apiGet<{ session: SessionView }>(`/sessions/${encodeURIComponent(id)}`).then((r) => r.session),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 1,
  });
}
