import { Link } from 'react-router';
import type { RecordingView } from '@schemas/recording';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPlaybackTime } from '@/lib/playback-time';
import { RecordingBadge } from './recording-badge';
import { WatchProgress } from './watch-progress';
import { watchStateOf } from '../watch-state';

/** What opening a recording will do for this caller, said on its card. */
const actionFor: Record<RecordingView['access'], string> = {
  open: 'Watch',
  unlocked: 'Watch',
  email: 'Watch free',
  locked: 'Unlock to watch',
};

/** A recording in a grid: its thumbnail with its badge, title, a line of description, its length and the member's progress. */
export function RecordingCard({ recording }: { recording: RecordingView }) {
  const watched = watchStateOf(recording);
  return (
    <li className="group flex flex-col overflow-hidden rounded-2xl border border-linen bg-white shadow-sm transition-shadow hover:shadow-md">
      <Link to={`/birth-recordings/${recording.id}`} className="flex flex-1 flex-col rounded-2xl">
        <div className="relative aspect-video overflow-hidden bg-sand">
          {recording.thumbnailUrl && (
            <img
              src={recording.thumbnailUrl}
              alt=""
              width="640"
              height="360"
              loading="lazy"
              className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.02]"
            />
          )}
          {/* On a white ground, so the badge reads the same over any thumbnail. */}
          <span className="absolute left-3 top-3 rounded-full bg-white shadow-sm">
            <RecordingBadge recording={recording} />
          </span>
          <span className="absolute bottom-3 right-3 rounded-full bg-ink/70 px-2 py-0.5 text-xs font-medium text-white">
            <span className="sr-only">Length </span>
            {formatPlaybackTime(recording.durationSeconds)}
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-2 p-5">
          <h3 className="text-xl leading-snug">{recording.title}</h3>
          <p className="line-clamp-2 text-sm text-muted">{recording.description}</p>
          <div className="mt-auto flex flex-col gap-3 pt-2">
            <WatchProgress recording={recording} />
            <span className="text-sm font-medium text-clay-dark">
              {watched === 'watching'
                ? 'Continue watching'
                : watched === 'finished'
                  ? 'Watch again'
                  : actionFor[recording.access]}{' '}
              <span aria-hidden="true">→</span>
            </span>
          </div>
        </div>
      </Link>
    </li>
  );
}

/** The grid's shape while it loads. */
export function RecordingGridSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <ul aria-busy="true" aria-label={label} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-2xl border border-linen bg-white">
          <Skeleton className="aspect-video w-full rounded-none" />
          <div className="flex flex-col gap-2 p-5">
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}
