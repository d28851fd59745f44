import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  RecordingForm,
  recordingAdminMessages,
  type AdminRecording,
  type RecordingForm as ParsedForm,
  type RecordingFormInput,
} from '@schemas/admin-recording';
import { Button } from '@/components/ui/button';
import { UploadProgress, VideoFilePicker, videoRefusalOf } from './video-file-picker';
import { controlClass, describedBy, Field, Labelled } from '@/components/ui/field';
import { uploadRecordingFile } from '@/features/admin/api/recordings';
import { showFieldRefusal } from '@/lib/field-refusal';
import { formatPlaybackTime } from '@/lib/playback-time';
import { ImageField } from './image-field';

/** The inputs as typed: the order index is text until checked. */
type Values = { title: string; description: string; thumbnailUrl: string; isFree: boolean; orderIndex: string };

/** The video: a file (chosen now, or uploaded before) or a link, each with the length the browser read from it. */
type Video = {
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

/** A stand-in key while checking the form before its file is uploaded: its key comes from the upload. */
const PENDING_KEY = `recordings/${'0'.repeat(26)}.mp4`;

const linkHint =
  'A direct link to an MP4 or WebM file, which plays here. A linked video is only as private as where it is hosted: upload the file to keep a premium recording for the package’s owners.';
const notPlayable = 'This address did not play as a video: give a direct link to an MP4 or WebM file';
const unreadable = 'This video could not be read: choose an MP4 or WebM file that plays in your browser';

/**
 * The length of the video at `src`, as the browser's own player reads it from the file's start (a
 * WebM written as it was recorded may not say, until the player looks for its end). Refused when
 * it does not load as a video within 20 seconds.
 */
function readDuration(src: string): Promise<number> {
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

/** The form's fields that a refusal can name, beside the video's. */
const fieldNames = ['title', 'description', 'thumbnailUrl', 'isFree', 'orderIndex'] as const;
const videoFields = ['mediaKey', 'videoUrl', 'durationSeconds'] as const;
const isVideoField = (field: string): field is (typeof videoFields)[number] => (videoFields as readonly string[]).includes(field);

const initialVideo = (recording?: AdminRecording): Video =>
  recording?.videoUrl
    ? {
        source: 'url',
        key: '',
        url: recording.videoUrl,
        urlSeconds: { url: recording.videoUrl, seconds: recording.durationSeconds },
      }
    : { source: 'file', key: recording?.mediaKey ?? '', fileSeconds: recording?.durationSeconds, url: '' };

/**
 * The spec's Recording form, in the Create and Edit Recording dialog: title, description, the video
 * (a file, uploaded on save straight to the media bucket with its progress, or a link), a thumbnail
 * image (uploaded at once), Free or not, and the order index. It is checked with the server's own
 * schema before anything is uploaded; `onSave` sends it, and a refusal is said in the dialog.
 */
export function RecordingFormView({
  recording,
  nextOrderIndex,
  onSave,
  onCancel,
}: {
  recording?: AdminRecording;
  /** The order index a new recording starts with: after the last. */
  nextOrderIndex: number;
  onSave: (form: ParsedForm) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const { register, handleSubmit, setError, watch, setValue, formState } = useForm<Values>({
    defaultValues: {
      title: recording?.title ?? '',
      description: recording?.description ?? '',
      thumbnailUrl: recording?.thumbnailUrl ?? '',
      isFree: recording?.isFree ?? false,
      orderIndex: String(recording?.orderIndex ?? nextOrderIndex),
    },
  });
  const errors = formState.errors;
  const [video, setVideo] = useState<Video>(() => initialVideo(recording));
  const change = (fields: Partial<Video>) => setVideo((current) => ({ ...current, ...fields }));
  const [busy, setBusy] = useState<'checking' | 'saving'>();
  const [uploadingImage, setUploadingImage] = useState(false);
  const [failure, setFailure] = useState<string>();

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

  /** The form as the API takes it, with the file's key still to come from its upload. */
  const inputOf = async (values: Values): Promise<RecordingFormInput> => {
    const typedIndex = values.orderIndex.trim();
    const fields = {
      title: values.title,
      description: values.description,
      thumbnailUrl: values.thumbnailUrl,
      isFree: values.isFree,
      orderIndex: typedIndex === '' ? Number.NaN : Number(typedIndex),
    };
    if (video.source === 'file') {
      const mediaKey = video.file ? PENDING_KEY : video.key || null;
      return { ...fields, mediaKey, videoUrl: null, durationSeconds: (mediaKey && video.fileSeconds) || Number.NaN };
    }
    const url = video.url.trim();
    let seconds = video.urlSeconds?.url === url ? video.urlSeconds.seconds : undefined;
    if (url.startsWith('https://') && seconds === undefined) {
      seconds = await readDuration(url).catch(() => undefined);
      if (seconds !== undefined) change({ urlSeconds: { url, seconds } });
    }
    return { ...fields, mediaKey: null, videoUrl: url, durationSeconds: seconds ?? Number.NaN };
  };

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    setBusy('checking');
    try {
      const input = await inputOf(values);
      const checked = RecordingForm.safeParse(input);
      if (!checked.success) {
        const videoIssue = checked.error.issues.find((issue) => isVideoField(String(issue.path[0])));
        if (videoIssue) {
          // With no video at all, its length is missing too: the spec's words say what to do.
          const missing = input.mediaKey === null && !input.videoUrl?.trim();
          const unplayable = video.source === 'url' && videoIssue.path[0] === 'durationSeconds';
          change({ error: missing ? recordingAdminMessages.videoRequired : unplayable ? notPlayable : videoIssue.message });
        }
        for (const issue of checked.error.issues) {
          const field = fieldNames.find((name) => name === issue.path[0]);
          if (field) setError(field, { message: issue.message }, { shouldFocus: true });
        }
        return;
      }
      setBusy('saving');
      let form = checked.data;
      if (video.source === 'file' && video.file) {
        change({ progress: 0, error: undefined });
        const key = await uploadRecordingFile('video', video.file, (progress) => change({ progress }));
        // Kept, so another try after a refusal saves this upload instead of posting the file again.
        change({ key, file: undefined, progress: undefined });
        form = { ...form, mediaKey: key };
      }
      await onSave(form);
    } catch (error) {
      change({ progress: undefined });
      // The video's refusal is said under the video, which the form keeps itself.
      showFieldRefusal(error, [...fieldNames, ...videoFields], (field, refusal, options) =>
        isVideoField(field) ? change({ error: refusal.message }) : setError(field, refusal, options),
      );
      setFailure(recordingAdminMessages.saveFailed(error instanceof Error ? error.message : 'Please try again.'));
    } finally {
      setBusy(undefined);
    }
  });

  const uploading = video.progress !== undefined;
  const disabled = busy !== undefined || uploadingImage;
  const videoHintId = `${id}-video-hint`;
  const videoErrorId = `${id}-video-error`;
  const chosen = video.file
    ? `${video.file.name} · ${formatPlaybackTime(video.fileSeconds ?? 0)} (uploads on save)`
    : video.key
      ? `Uploaded video · ${formatPlaybackTime(video.fileSeconds ?? 0)}`
      : 'No file chosen';

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={recording ? 'Edit recording' : 'Create recording'}
      className="mt-5 flex flex-col gap-5"
    >
      <Field label="Title" id={`${id}-title`} error={errors.title?.message} {...register('title')} />
      <Labelled label="Description" id={`${id}-description`} error={errors.description?.message}>
        <textarea
          id={`${id}-description`}
          rows={3}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy(`${id}-description`, { error: errors.description?.message })}
          className={`py-2 ${controlClass}`}
          {...register('description')}
        />
      </Labelled>

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

      <input type="hidden" {...register('thumbnailUrl')} />
      <ImageField
        id={`${id}-thumbnail`}
        label="Thumbnail image"
        hint="JPEG, PNG, WebP or GIF, up to 10 MB. Shown at 16:9 in the library and before the video plays."
        width={640}
        height={360}
        upload={(file, onProgress) => uploadRecordingFile('thumbnail', file, onProgress)}
        value={watch('thumbnailUrl')}
        error={errors.thumbnailUrl?.message}
        onChange={(url) => setValue('thumbnailUrl', url, { shouldDirty: true })}
        onUploadingChange={setUploadingImage}
      />

      <div className="grid gap-5 sm:grid-cols-2 sm:items-start">
        <div className="flex flex-col gap-1.5">
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              role="switch"
              aria-describedby={`${id}-free-hint`}
              className="peer sr-only"
              {...register('isFree')}
            />
            <span
              aria-hidden="true"
              className="relative h-6 w-11 shrink-0 rounded-full bg-[#958679] transition-colors after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:shadow-sm after:transition-transform peer-checked:bg-sage peer-checked:after:translate-x-5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-clay"
            />
            Free recording
          </label>
          <p id={`${id}-free-hint`} className="text-sm text-muted">
            Open to members and to visitors who give their e-mail address. Otherwise Premium: the package unlocks it.
          </p>
        </div>
        <Field
          label="Order index"
          id={`${id}-order`}
          type="number"
          inputMode="numeric"
          min={0}
          max={999999}
          step={1}
          error={errors.orderIndex?.message}
          {...register('orderIndex')}
        />
      </div>

      {failure && (
        <p role="alert" className="rounded-xl bg-[#fbeae5] px-4 py-3 text-sm text-[#a23b22]">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy === 'saving'}>
          Cancel
        </Button>
        <Button type="submit" disabled={disabled}>
          {busy === 'saving'
            ? 'Saving…'
            : busy === 'checking'
              ? 'Checking…'
              : recording
                ? 'Update Recording'
                : 'Create Recording'}
        </Button>
      </div>
    </form>
  );
}
