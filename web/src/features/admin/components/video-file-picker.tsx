import { MAX_VIDEO_BYTES, videoContentTypes, videoUploadMessages, type VideoType } from '@schemas/video-upload';
import { buttonClass } from '@/components/ui/button';

/** Why a chosen video cannot be uploaded, in the words of docs/product.md#validation, or undefined when it can. */
export function videoRefusalOf(file: File): string | undefined {
  if (file.size === 0) return videoUploadMessages.noFile;
  if (file.size > MAX_VIDEO_BYTES) return videoUploadMessages.tooLarge(file.size);
  if (!videoContentTypes.includes(file.type as VideoType)) return videoUploadMessages.notAVideo;
  return undefined;
}

/**
 * A video file chooser that looks like the site's secondary button: the input itself is kept for
 * the keyboard and screen readers (its focus ring drawn on the label), and is emptied after each
 * choice so choosing the same file again still reports it.
 */
export function VideoFilePicker({
  id,
  label,
  describedBy,
  onChoose,
}: {
  id: string;
  label: string;
  describedBy?: string;
  onChoose: (file: File | undefined) => void;
}) {
  return (
    <>
      <input
        id={id}
        type="file"
        accept={videoContentTypes.join(',')}
        aria-describedby={describedBy}
        className="peer sr-only"
        onChange={(event) => {
          onChoose(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
      />
      <label
        htmlFor={id}
        className={buttonClass({
          variant: 'secondary',
          size: 'sm',
          className:
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-clay peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        })}
      >
        {label}
      </label>
    </>
  );
}

/** An upload's progress: what is sent, as a bar and a percentage. */
export function UploadProgress({ label, progress }: { label: string; progress?: number }) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm text-ink">
        <span>Uploading video…</span>
        <span aria-hidden="true">{progress}%</span>
      </div>
      <progress
        value={progress}
        max={100}
        aria-label={label}
        className="h-2 w-full appearance-none overflow-hidden rounded-full bg-linen [&::-moz-progress-bar]:bg-clay [&::-webkit-progress-bar]:bg-linen [&::-webkit-progress-value]:bg-clay"
      />
    </div>
  );
}
