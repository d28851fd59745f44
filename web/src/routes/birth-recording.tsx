import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { RecordingMedia, RecordingView } from '@schemas/recording';
import { recordingMessages } from '@schemas/recording';
import { Button, ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { formatPlaybackTime } from '@/lib/playback-time';
import { openFreeRecording, recordingQuery, recordingsQuery, saveProgress } from '@/features/recordings/api/recordings';
import { RecordingBadge } from '@/features/recordings/components/recording-badge';
import { RecordingPlayer } from '@/features/recordings/components/recording-player';
import { EmailGate } from '@/features/recordings/components/email-gate';
import { PremiumGate } from '@/features/recordings/components/premium-gate';
import { useViewer } from '@/features/auth/viewer';
import { visitEmail } from '@/features/recordings/visit-email';
import { watchStateOf } from '@/features/recordings/watch-state';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /birth-recordings/{id}: the player when the server gave the caller the video's address (a
 * member resumes where they stopped), the free-recording gate for a visitor, or the premium gate.
 */
export function BirthRecordingPage() {
  const { id = '' } = useParams();
  const viewer = useViewer();
  const detail = useQuery({ ...recordingQuery(id, viewer.userId), enabled: viewer.ready });
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  useDocumentTitle(detail.data?.recording.title ?? (notFound ? recordingMessages.notFound : 'Recording'));

  if (detail.isPending) return <DetailSkeleton />;
  if (notFound) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl">{recordingMessages.notFound}</h1>
        <ButtonLink to="/birth-recordings" className="mt-8">
          Back to recordings
        </ButtonLink>
      </section>
    );
  }
  if (detail.isError) {
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl">This recording could not be loaded just now</h1>
        <Button className="mt-8" onClick={() => void detail.refetch()}>
          Try again
        </Button>
      </section>
    );
  }

  const { recording, media } = detail.data;
  return (
    <article className="mx-auto max-w-5xl px-4 py-8 md:px-6 md:py-12">
      <Link to="/birth-recordings" className="text-sm font-medium text-muted hover:text-clay-dark">
        ← All recordings
      </Link>
      <div className="mt-6">
        <Watch key={`${recording.id}-${viewer.userId ?? 'visitor'}`} recording={recording} media={media} userId={viewer.userId} />
      </div>
      <div className="mt-8 flex flex-wrap items-center gap-3">
        <RecordingBadge recording={recording} />
        <span className="text-sm text-muted">{formatPlaybackTime(recording.durationSeconds)}</span>
      </div>
      <h1 className="mt-3 text-3xl leading-tight md:text-5xl">{recording.title}</h1>
      <p className="mt-6 max-w-3xl whitespace-pre-line text-lg leading-relaxed text-ink/90">{recording.description}</p>
    </article>
  );
}

/** The player, or the gate the caller's access asks for. */
function Watch({ recording, media, userId }: { recording: RecordingView; media: RecordingMedia | null; userId?: string }) {
  const queryClient = useQueryClient();
  // A visitor's free recording opens through the gate, which answers its address.
  const [opened, setOpened] = useState<RecordingMedia>();
  const playable = media ?? opened;

  if (!playable) {
    if (recording.access === 'locked') return <PremiumGate recording={recording} />;
    return <EmailGate recording={recording} onOpen={setOpened} />;
  }

  const renew = async (): Promise<RecordingMedia> => {
    if (opened) return (await openFreeRecording(recording.id, visitEmail() ?? '')).media;
    const fresh = await queryClient.fetchQuery({ ...recordingQuery(recording.id, userId), staleTime: 0 });
    if (!fresh.media) throw new Error('The recording is no longer open to this caller');
    return fresh.media;
  };
  const onPosition = userId
    ? (seconds: number, options: { leaving: boolean }) => {
        saveProgress(recording.id, seconds, options).then(
          // The library and the dashboard show the new place; this page keeps its video as it is.
          () => void queryClient.invalidateQueries({ queryKey: recordingsQuery(userId).queryKey, exact: true }),
          // A place not saved is saved again ten seconds later.
          () => undefined,
        );
      }
    : undefined;

  return (
    <RecordingPlayer
      recording={recording}
      media={playable}
      startAt={watchStateOf(recording) === 'watching' ? (recording.positionSeconds ?? 0) : 0}
      onPosition={onPosition}
      renew={renew}
      focusOnStart={opened !== undefined}
    />
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 md:px-6" aria-busy="true" aria-label="Loading the recording">
      <Skeleton className="aspect-video w-full rounded-2xl" />
      <Skeleton className="mt-8 h-5 w-24" />
      <Skeleton className="mt-4 h-10 w-2/3 max-w-xl" />
      <Skeleton className="mt-6 h-5 w-full max-w-3xl" />
      <Skeleton className="mt-2 h-5 w-2/3 max-w-2xl" />
    </div>
  );
}
