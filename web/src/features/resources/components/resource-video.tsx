import { useEffect, useRef, useState } from 'react';
import type { ResourceVideo } from '@schemas/resource';
import { Icon } from '@/components/ui/icon';

/** The host a linked video lives on, as a visitor knows it ('youtube.com'). */
const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

/**
 * One of a resource's videos: an uploaded file plays here; a link opens the video where it lives
 * (the site's Content-Security-Policy plays media only from its own bucket, and a link keeps the
 * page whole without a network).
 */
export function ResourceVideoItem({ video, onExpired }: { video: ResourceVideo; onExpired: () => void }) {
  return (
    <li className="flex flex-col gap-2">
      <p className="flex items-baseline gap-2 text-sm font-medium text-ink">
        <span aria-hidden="true" className="font-serif text-base text-clay-dark">
          {video.orderIndex + 1}.
        </span>
        {video.title}
      </p>
      {video.kind === 'file' ? (
        <FilePlayer title={video.title} src={video.src} type={video.contentType} onExpired={onExpired} />
      ) : (
        <a
          href={video.url}
          target="_blank"
          rel="noopener noreferrer"
          className="flex items-center gap-3 rounded-xl border border-linen bg-cream px-4 py-3 text-sm text-ink transition-colors hover:border-clay"
        >
          <span className="text-clay-dark">
            <Icon path="M8 5v14l11-7z" />
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="font-medium">Watch “{video.title}”</span>
            <span className="truncate text-muted">on {hostOf(video.url)} (opens in a new tab)</span>
          </span>
        </a>
      )}
    </li>
  );
}

/**
 * The player of an uploaded video. Its address is short-lived: the list is read again before it
 * runs out, and the player takes the new address only when that interrupts nothing (not started
 * yet), or when the old one has stopped working, resuming where the visitor was.
 */
function FilePlayer({ title, src, type, onExpired }: { title: string; src: string; type: string; onExpired: () => void }) {
  const player = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(src);
  const resume = useRef<{ at: number; play: boolean }>(undefined);
  const latest = useRef(src);
  latest.current = src;

  useEffect(() => {
    const video = player.current;
    if (src === playing || !video) return;
    if (video.error) {
      resume.current = { at: video.currentTime, play: true };
      setPlaying(src);
    } else if (video.paused && video.currentTime === 0) {
      setPlaying(src);
    }
  }, [src, playing]);

  const onError = () => {
    const video = player.current;
    if (!video) return;
    if (latest.current !== playing) {
      resume.current = { at: video.currentTime, play: true };
      setPlaying(latest.current);
    } else {
      // A fresh address arrives with the list, and the effect above resumes with it.
      onExpired();
    }
  };

  return (
    <video
      ref={player}
      controls
      preload="metadata"
      playsInline
      aria-label={title}
      className="aspect-video w-full rounded-xl bg-ink"
      onError={onError}
      onLoadedMetadata={() => {
        const video = player.current;
        const at = resume.current;
        if (!video || !at) return;
        resume.current = undefined;
        video.currentTime = at.at;
        if (at.play) void video.play().catch(() => undefined);
      }}
    >
      <source src={playing} type={type} />
    </video>
  );
}
