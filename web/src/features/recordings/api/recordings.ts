import { queryOptions } from '@tanstack/react-query';
import type { PlaybackProgress, RecordingAccessGrant, RecordingDetail, RecordingList } from '@schemas/recording';
import { apiGet, apiPost, apiPut } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

// The caller's access is part of every answer, so each key names whose it is: a visitor's, or a member's by id.
const recordingsKey = (userId: string | undefined) => [...queryRoots.recordings, userId ?? 'visitor'] as const;

/** The library, by order index, with the caller's access (and a member's positions). */
export const recordingsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: recordingsKey(userId),
    queryFn: () => apiGet<RecordingList>('/recordings').then((answer) => answer.recordings),
  });

/**
 * One recording, with its video's short-lived address when the caller may watch. Read once per
 * visit of the page: a fresh answer would carry a fresh address and restart the video, so the
 * player asks for one itself when its address runs out.
 */
export const recordingQuery = (id: string, userId: string | undefined) =>
  queryOptions({
    queryKey: [...recordingsKey(userId), id],
    queryFn: () => apiGet<RecordingDetail>(`/recordings/${encodeURIComponent(id)}`),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 1,
  });

/** The free-recording gate: an address given in this visit opens a free recording. */
export const openFreeRecording = (id: string, email: string) =>
  apiPost<RecordingAccessGrant>(`/recordings/${encodeURIComponent(id)}/access`, { email });

/** Where the member is in a recording. */
/** `leaving`: saved as the member leaves the page, so it must still arrive once the page has gone. */
export const saveProgress = (id: string, positionSeconds: number, { leaving = false } = {}) =>
  apiPut<PlaybackProgress>(`/recordings/${encodeURIComponent(id)}/progress`, { positionSeconds }, { keepalive: leaving });
