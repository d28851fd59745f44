import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

type Profile = { fullName?: string | null; subscriptionStatus?: string | null };

/** GET /api/me: who the member is, with their profile once the API carries it. */
export type Me = {
  user: { id: string; email: string; name: string; isAdmin: boolean } & Profile;
  profile?: Profile;
};

export const meQuery = (userId: string) => queryOptions({ queryKey: ['me', userId], queryFn: () => apiGet<Me>('/me') });

/** The spec's fallbacks: 'there' for a missing name, 'Free' for a missing subscription. */
export function profileOf(me: Me) {
  const fullName = me.profile?.fullName ?? me.user.fullName ?? me.user.name;
  const status = me.profile?.subscriptionStatus ?? me.user.subscriptionStatus;
  return { fullName: fullName?.trim() || 'there', subscriptionStatus: status?.trim() || 'Free' };
}
