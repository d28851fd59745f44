import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeView, ProfileView } from '@schemas/member';
import type { ProfileUpdate } from '@schemas/profile';
import { apiPut } from '@/lib/api';
import { meQuery } from './me';

/** PUT /api/me/profile; the saved name goes straight into the cached profile (the dashboard's Welcome). */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => apiPut<ProfileView>('/me/profile', update).then((r) => r.profile),
    onSuccess: (profile) => {
      queryClient.setQueryData<MeView>(meQuery(userId).queryKey, (me) =>
        me ? { ...me, profile: { fullName: profile.fullName, subscriptionStatus: profile.subscriptionStatus } } : me,
      );
    },
  });
}
