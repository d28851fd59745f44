import { Link } from 'react-router';
import type { RecordingView } from '@schemas/recording';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPlaybackTime } from '@/lib/playback-time';
import { RecordingBadge } from './recording-badge';
import { watchStateOf } from '../watch-state';

/** A short list of recordings for a dashboard card: a small thumbnail, the badge, the title and where the member stopped. */
export function RecordingPreviewList({ recordings, label }: { recordings: RecordingView[]; label: string }) {
  return (
    <ul className="flex flex-col divide-y divide-linen" aria-label={label}>
      {recordings.map((recording) => (
        <li key={recording.id} className="py-3 first:pt-0 last:pb-0">
          <Link to={`/birth-recordings/${recording.id}`} className="group flex gap-3 rounded-xl">
            <div className="aspect-video w-24 shrink-0 self-start overflow-hidden rounded-lg bg-sand">
              {recording.thumbnailUrl && (
                <img
                  src={recording.thumbnailUrl}
                  alt=""
                  width="192"
                  height="108"
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              )}
            </div>
            <div className="flex min-w-0 flex-col items-start gap-1">
              <RecordingBadge recording={recording} />
              <span className="font-serif text-base leading-snug text-ink wrap-anywhere group-hover:text-clay-dark">
                {recording.title}
              </span>
              <span className="text-sm text-muted">
                {
                  {
                    watching: `Continue at ${formatPlaybackTime(recording.positionSeconds ?? 0)}`,
                    finished: 'Watch again',
                    unwatched: formatPlaybackTime(recording.durationSeconds),
                  }[watchStateOf(recording)]
                }
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The short list's shape while it loads. */
export function RecordingPreviewSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="aspect-video w-24 shrink-0 rounded-lg" />
          <div className="flex flex-1 flex-col gap-2 py-1">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        </div>
      ))}
    </div>
  );
}
