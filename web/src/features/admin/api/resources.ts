import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminResource, AdminResourceList, ResourceFormInput } from '@schemas/resource';
import type { UploadedVideo, VideoUploadTicket } from '@schemas/video-upload';
import { apiGet, apiPost, apiPut } from '@/lib/api';
import { postToBucket } from '@/lib/post-to-bucket';
import { queryRoots } from '@/lib/query-keys';
import { adminKeys } from './admin-keys';

const resourcePath = (id: string) => `/admin/resources/${encodeURIComponent(id)}`;

export const adminResourcesQuery = () =>
  queryOptions({ queryKey: adminKeys.resources, queryFn: () => apiGet<AdminResourceList>('/admin/resources') });

export const adminResourceQuery = (id: string) =>
  queryOptions({ queryKey: [...adminKeys.resources, id], queryFn: () => apiGet<AdminResource>(resourcePath(id)) });

/** Saving a resource; the admin's list and the visitors' are read again. */
export function useSaveResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: string; form: ResourceFormInput }) =>
      id ? apiPut<AdminResource>(resourcePath(id), form) : apiPost<AdminResource>('/admin/resources', form),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.resources }),
        queryClient.invalidateQueries({ queryKey: queryRoots.resources }),
      ]),
  });
}

/**
 * Uploads a video as a session's image is uploaded: where to post it, the post straight to the
 * private media bucket with its progress, then the confirmation. Answers the key to save.
 */
export async function uploadResourceVideo(resourceId: string, file: File, onProgress: (percent: number) => void) {
  const path = `${resourcePath(resourceId)}/video-upload`;
  const ticket = await apiPost<VideoUploadTicket>(path, { contentType: file.type, size: file.size });
  await postToBucket(ticket, file, onProgress);
  return (await apiPost<UploadedVideo>(path, { key: ticket.key })).key;
}
