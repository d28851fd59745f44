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
import { controlClass, describedBy, Field, Labelled } from '@/components/ui/field';
import { uploadRecordingFile } from '@/features/admin/api/recordings';
import { showFieldRefusal } from '@/lib/field-refusal';
import { readDuration } from '@/features/admin/read-duration';
import { ImageField } from './image-field';
import { initialVideo, RecordingVideoField, type Video } from './recording-video-field';

/** The inputs as typed: the order index is text until checked. */
type Values = { title: string; description: string; thumbnailUrl: string; isFree: boolean; orderIndex: string };

/** A stand-in key while checking the form before its file is uploaded: its key comes from the upload. */
const PENDING_KEY = `recordings/${'0'.repeat(26)}.mp4`;

const notPlayable = 'This address did not play as a video: give a direct link to an MP4 or WebM file';

/** The form's fields that a refusal can name, beside the video's. */
const fieldNames = ['title', 'description', 'thumbnailUrl', 'isFree', 'orderIndex'] as const;
const videoFields = ['mediaKey', 'videoUrl', 'durationSeconds'] as const;
const isVideoField = (field: string): field is (typeof videoFields)[number] => (videoFields as readonly string[]).includes(field);

/**
 * The recording form (docs/product.md#admin-area), in the Create and Edit Recording dialog: title, description, the video
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
          // With no video at all, its length is missing too: the words of docs/product.md#validation say what to do.
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

  const disabled = busy !== undefined || uploadingImage;

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

      <RecordingVideoField id={id} video={video} change={change} disabled={disabled} />

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
