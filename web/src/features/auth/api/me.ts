import { queryOptions } from '@tanstack/react-query';
import type { MeView } from '@schemas/member';
import { apiGet } from '@/lib/api';
import { memberKey } from '@/lib/query-keys';

export const meQuery = (userId: string) => queryOptions({ queryKey: memberKey(userId), queryFn: () => apiGet<MeView>('/me') });

/** The fallbacks of docs/product.md#member-pages: 'there' for a missing name, 'Free' for a missing subscription. */
export function profileOf(me: MeView) {
  return {
    fullName: me.profile.fullName?.trim() || 'there',
    subscriptionStatus: me.profile.subscriptionStatus.trim() || 'Free',
  };
}
