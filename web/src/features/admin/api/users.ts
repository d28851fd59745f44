import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail, AdminUserPage, AdminUserUpdate } from '@schemas/admin-user';
import type { ImpersonationView } from '@schemas/impersonation';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api';
import { adminKeys } from './admin-keys';

/** People by name or the start of their e-mail address (everyone without text), a page at a time. */
export const usersQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.users, { search }],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: '20', ...(search && { q: search }), ...(pageParam && { cursor: pageParam }) });
      return apiGet<AdminUserPage>(`/admin/users?${query.toString()}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

/** A user's page: account, profile, bookings and purchases, history. */
export const userQuery = (id: string) =>
  queryOptions({ queryKey: [...adminKeys.users, id], queryFn: () => apiGet<AdminUserDetail>(userPath(id)) });

/** What the administrator may do to a user; each reads the people again. */
export function useUserActions(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.users });
  return {
    update: useMutation({
      mutationFn: (change: AdminUserUpdate) => apiPut<AdminUserDetail>(userPath(id), change),
      onSuccess: (detail) => {
        queryClient.setQueryData(userQuery(id).queryKey, detail);
        return refresh();
      },
    }),
    remove: useMutation({
      mutationFn: () => apiDelete<{ unlinked: number }>(userPath(id)),
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: userQuery(id).queryKey });
        return refresh();
      },
    }),
    setPassword: useMutation({
      mutationFn: (password: string) => apiPost(`${userPath(id)}/password`, { password }),
      onSettled: refresh,
    }),
    sendReset: useMutation({
      mutationFn: () => apiPost<{ sentTo: string }>(`${userPath(id)}/password-reset`, {}),
      onSettled: refresh,
    }),
    impersonate: useMutation({
      mutationFn: () => apiPost<ImpersonationView>(`${userPath(id)}/impersonation`, {}),
    }),
  };
}
