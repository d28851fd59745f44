/**
 * The length of the video at `src`, as the browser's own player reads it from the file's start (a
 * WebM written as it was recorded may not say, until the player looks for its end). Refused when
 * it does not load as a video within 20 seconds.
 */
export function readDuration(src: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const finish = (seconds?: number) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      if (seconds !== undefined && Number.isFinite(seconds) && seconds > 0) resolve(seconds);
      else reject(new Error('No length'));
    };
    const timer = setTimeout(() => finish(), 20_000);
    video.preload = 'metadata';
    video.muted = true;
    video.addEventListener('loadedmetadata', () => {
      if (Number.isFinite(video.duration)) finish(video.duration);
      else video.currentTime = Number.MAX_SAFE_INTEGER;
    });
    video.addEventListener('durationchange', () => {
      if (Number.isFinite(video.duration) && video.duration > 0 && video.readyState > 0) finish(video.duration);
    });
    video.addEventListener('error', () => finish());
    video.src = src;
  });
}
