import type { RecordingView } from '@schemas/recording';
import { formatPlaybackTime } from '@/lib/playback-time';

/** How far the member has watched: a bar and where they stopped, or nothing before they start. */
export function WatchProgress({
  recording,
}: {
  recording: Pick<RecordingView, 'positionSeconds' | 'durationSeconds' | 'title'>;
}) {
  const position = Math.min(recording.positionSeconds ?? 0, recording.durationSeconds);
  if (position <= 0) return null;
  return (
    <div className="flex items-center gap-3 text-xs text-muted">
      <progress
        value={position}
        max={Math.max(1, recording.durationSeconds)}
        aria-label={`Watched of ${recording.title}`}
        className="h-1.5 flex-1 appearance-none overflow-hidden rounded-full bg-linen [&::-moz-progress-bar]:bg-sage [&::-webkit-progress-bar]:bg-linen [&::-webkit-progress-value]:bg-sage"
      />
      <span>
        {formatPlaybackTime(position)} / {formatPlaybackTime(recording.durationSeconds)}
      </span>
    </div>
  );
}
