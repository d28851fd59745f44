import { useEffect, useRef, useState } from 'react';
import type { RecordingMedia, RecordingView } from '@schemas/recording';
import { Button } from '@/components/ui/button';

/** The interval for saving a member's place while the video plays (docs/product.md#recordings). */
export const SAVE_EVERY_MS = 10_000;

type PlayerProps = {
  recording: RecordingView;
  media: RecordingMedia;
  /** Where to begin (a member's saved place), in seconds. */
  startAt: number;
  /**
   * Saves the member's place: every 10 seconds while playing, when paused or ended, and when the
   * page is hidden while playing (another tab, a reload, the phone locked). Absent for a visitor.
   */
  onPosition?: (seconds: number, options: { leaving: boolean }) => void;
  /** A fresh address for the video, when the one it has has run out. */
  renew: () => Promise<RecordingMedia>;
  /** Takes the focus as it appears: it replaced the form the visitor was in (the free-recording gate). */
  focusOnStart?: boolean;
};

/**
 * The browser's own player over the video's short-lived address. Every seek is a new request,
 * so an address that has run out shows as an error: the player asks for a fresh one once and
 * carries on from the same place (playing again if it was). A second failure in a row is shown.
 */
export function RecordingPlayer({ recording, media, startAt, onPosition, renew, focusOnStart = false }: PlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  // The address and how many times it was fetched afresh: the video element is made anew for each,
  // even when a renewal within the same second is signed alike.
  const [source, setSource] = useState({ url: media.url, attempt: 0 });
  const [failed, setFailed] = useState(false);
  // Where to put the video once its metadata has loaded: the saved place, or where it was before a renewal.
  const resume = useRef<{ at: number; play: boolean } | undefined>(startAt > 0 ? { at: startAt, play: false } : undefined);
  const lastTime = useRef(startAt);
  const playing = useRef(false);
  // Renewals since the video last loaded: a fresh address that fails too is shown, not renewed again.
  const renewals = useRef(0);
  const saver = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  // The latest callback, for the listeners below that outlive a render.
  const savePosition = useRef(onPosition);
  useEffect(() => {
    savePosition.current = onPosition;
  });
  const save = (leaving = false) => savePosition.current?.(video.current?.currentTime ?? lastTime.current, { leaving });
  const stopSaving = () => {
    clearInterval(saver.current);
    saver.current = undefined;
  };
  useEffect(() => {
    // Hidden: another tab, the phone locked, or the page going (a reload, another site), the last
    // moment a page is sure to run code.
    const saveWhenHidden = () => {
      if (playing.current && document.visibilityState === 'hidden') save(true);
    };
    document.addEventListener('visibilitychange', saveWhenHidden);
    return () => {
      document.removeEventListener('visibilitychange', saveWhenHidden);
      stopSaving();
      // Left for another page of the site while playing: no pause event comes.
      if (playing.current) save();
    };
  }, []);

  useEffect(() => {
    if (focusOnStart) video.current?.focus();
  }, [focusOnStart]);

  const onLoadedMetadata = () => {
    renewals.current = 0;
    const element = video.current;
    if (!element || !resume.current) return;
    const { at, play } = resume.current;
    resume.current = undefined;
    element.currentTime = Math.min(at, Math.max(0, element.duration - 0.5));
    if (play) void element.play().catch(() => undefined);
  };

  const load = (fresh: RecordingMedia) => setSource((current) => ({ url: fresh.url, attempt: current.attempt + 1 }));

  const onError = () => {
    const wasPlaying = playing.current;
    stopSaving();
    if (renewals.current > 0) {
      setFailed(true);
      return;
    }
    renewals.current++;
    resume.current = { at: lastTime.current, play: wasPlaying };
    renew().then(load, () => setFailed(true));
  };

  const retry = () => {
    setFailed(false);
    renewals.current = 0;
    resume.current = { at: lastTime.current, play: false };
    renew().then(load, () => setFailed(true));
  };

  return (
    <div className="relative overflow-hidden rounded-2xl bg-ink shadow-sm">
      <video
        ref={video}
        key={source.attempt}
        src={source.url}
        poster={recording.thumbnailUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={`Video: ${recording.title}`}
        className="aspect-video w-full bg-ink"
        onLoadedMetadata={onLoadedMetadata}
        onTimeUpdate={() => {
          if (video.current && !video.current.seeking) lastTime.current = video.current.currentTime;
        }}
        onSeeked={() => {
          if (video.current) lastTime.current = video.current.currentTime;
        }}
        onPlay={() => {
          playing.current = true;
          stopSaving();
          if (onPosition) saver.current = setInterval(() => save(), SAVE_EVERY_MS);
        }}
        onPause={() => {
          playing.current = false;
          stopSaving();
          save();
        }}
        onEnded={() => {
          playing.current = false;
          stopSaving();
          save();
        }}
        onError={onError}
      />
      {failed && (
        <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-ink/85 p-6 text-center">
          <p className="text-white">This recording could not be played just now.</p>
          <Button variant="secondary" size="sm" onClick={retry}>
            Try again
          </Button>
        </div>
      )}
    </div>
  );
}
