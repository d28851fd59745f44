import type { RecordingView } from '@schemas/recording';

/**
 * How far a member has watched a recording: not at all, part of it, or to its end (a place within
 * its last second, where the player stops). A finished recording starts again from the beginning.
 */
export function watchStateOf(recording: Pick<RecordingView, 'positionSeconds' | 'durationSeconds'>) {
  const position = recording.positionSeconds ?? 0;
  if (position <= 0) return 'unwatched';
  return position >= recording.durationSeconds - 1 ? 'finished' : 'watching';
}
