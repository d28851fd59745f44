import type { AdminRecording } from '@schemas/admin-recording';
import { controlClass } from '@/components/ui/field';
import { formatPlaybackTime } from '@/lib/playback-time';
import { readDuration } from '@/features/admin/read-duration';
import { UploadProgress, VideoFilePicker, videoRefusalOf } from './video-file-picker';

/** The video: a file (chosen now, or uploaded before) or a link, each with the length the browser read from it. */
export type Video = {
  source: 'file' | 'url';
  /** The key of an uploaded video: the recording's own, or one this dialog uploaded on an earlier try. */
  key: string;
  /** A file chosen and not yet uploaded. */
  file?: File;
  /** The length of the key's or the file's video. */
  fileSeconds?: number;
  url: string;
  /** The length read from an address, kept with the address it was read from. */
  urlSeconds?: { url: string; seconds: number };
  /** 0 to 100 while the file uploads. */
  progress?: number;
  error?: string;
};

const linkHint =
  'A direct link to an MP4 or WebM file, which plays here. A linked video is only as private as where it is hosted: upload the file to keep a premium recording for the package’s owners.';
const unreadable = 'This video could not be read: choose an MP4 or WebM file that plays in your browser';

/** The video a recording's form starts with: its link, or its uploaded file (none for a new recording). */
export const initialVideo = (recording?: AdminRecording): Video =>
  recording?.videoUrl
    ? {
        source: 'url',
        key: '',
        url: recording.videoUrl,
        urlSeconds: { url: recording.videoUrl, seconds: recording.durationSeconds },
      }
    : { source: 'file', key: recording?.mediaKey ?? '', fileSeconds: recording?.durationSeconds, url: '' };

/**
 * The recording form's video: a file, whose length the browser reads as it is chosen (uploaded when
 * the form is saved, with its progress), or a link. `change` updates the video the form keeps.
 */
export function RecordingVideoField({
  id,
  video,
  change,
  disabled,
}: {
  id: string;
  video: Video;
  change: (fields: Partial<Video>) => void;
  disabled: boolean;
}) {
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const refusal = videoRefusalOf(file);
    if (refusal) {
      change({ error: refusal });
      return;
    }
    const preview = URL.createObjectURL(file);
    try {
      change({ file, fileSeconds: await readDuration(preview), error: undefined });
    } catch {
      change({ error: unreadable });
    } finally {
      URL.revokeObjectURL(preview);
    }
  };

  const uploading = video.progress !== undefined;
  const videoHintId = `${id}-video-hint`;
  const videoErrorId = `${id}-video-error`;
  const chosen = video.file
    ? `${video.file.name} · ${formatPlaybackTime(video.fileSeconds ?? 0)} (uploads on save)`
    : video.key
      ? `Uploaded video · ${formatPlaybackTime(video.fileSeconds ?? 0)}`
      : 'No file chosen';

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-linen p-4" disabled={disabled}>
      <legend className="px-1 text-sm font-medium">Video</legend>
      <div role="radiogroup" aria-label="Video source" className="flex flex-wrap gap-x-5 gap-y-2">
        {(['file', 'url'] as const).map((source) => (
          <label key={source} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-source`}
              className="size-4 accent-clay"
              checked={video.source === source}
              onChange={() => change({ source, error: undefined })}
            />
            {source === 'file' ? 'Upload a file' : 'Link to a video'}
          </label>
        ))}
      </div>
      {video.source === 'url' ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-url`} className="text-sm font-medium text-ink">
            Video URL
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={video.url}
            aria-invalid={video.error ? true : undefined}
            aria-describedby={`${videoHintId}${video.error ? ` ${videoErrorId}` : ''}`}
            className={`h-11 ${controlClass}`}
            onChange={(event) => change({ url: event.currentTarget.value, error: undefined })}
          />
          <p id={videoHintId} className="text-sm text-muted">
            {linkHint}
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <VideoFilePicker
              id={`${id}-file`}
              label={video.file || video.key ? 'Replace video file' : 'Choose video file'}
              describedBy={`${videoHintId}${video.error ? ` ${videoErrorId}` : ''}`}
              onChoose={(file) => void choose(file)}
            />
            <span className="min-w-0 break-words text-sm text-muted">{chosen}</span>
          </div>
          <p id={videoHintId} className="text-sm text-muted">
            MP4 or WebM, up to 100 MB. It stays private: only those who may watch get its address.
          </p>
          {uploading && <UploadProgress label="Uploading video" progress={video.progress} />}
        </div>
      )}
      {video.error && (
        <p id={videoErrorId} role="alert" className="text-sm text-[#a23b22]">
          {video.error}
        </p>
      )}
    </fieldset>
  );
}
