import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminRecording,
  AdminRecordingList,
  RecordingForm,
  RecordingUploadTicket,
  UploadedRecordingFile,
} from '@schemas/admin-recording';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api';
import { postToBucket } from '@/lib/post-to-bucket';
import { queryRoots } from '@/lib/query-keys';
import { adminKeys } from './admin-keys';

const recordingPath = (id: string) => `/admin/recordings/${encodeURIComponent(id)}`;

/** The Recordings Library table: every recording in the library's order. */
export const adminRecordingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.recordings,
    queryFn: () => apiGet<AdminRecordingList>('/admin/recordings').then((answer) => answer.recordings),
  });

/** Creating, editing and deleting recordings; the admin's table and the visitors' library are read again. */
export function useRecordingChanges() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.recordings }),
      queryClient.invalidateQueries({ queryKey: queryRoots.recordings }),
    ]);
  return {
    save: useMutation({
      mutationFn: ({ id, form }: { id?: string; form: RecordingForm }) =>
        id ? apiPut<AdminRecording>(recordingPath(id), form) : apiPost<AdminRecording>('/admin/recordings', form),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => apiDelete(recordingPath(id)), onSuccess: refresh }),
  };
}

/**
 * Uploads a recording's video or thumbnail as a session's image is uploaded: where to post it, the
 * post straight to its bucket with its progress (0 to 100), then the confirmation, which checks
 * what was stored. Answers the video's key or the thumbnail's address.
 */
export async function uploadRecordingFile(kind: 'video' | 'thumbnail', file: File, onProgress: (percent: number) => void) {
  const path = '/admin/recordings/upload';
  const ticket = await apiPost<RecordingUploadTicket>(path, { kind, contentType: file.type, size: file.size });
  await postToBucket(ticket, file, onProgress);
  const uploaded = await apiPost<UploadedRecordingFile>(path, { key: ticket.key });
  return uploaded.kind === 'video' ? uploaded.key : uploaded.url;
}
