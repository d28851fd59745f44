import { MAX_VIDEO_BYTES, videoContentTypes, videoUploadMessages, type VideoType } from '@schemas/video-upload';
import { buttonClass } from '@/components/ui/button';

/** Why a chosen video cannot be uploaded, in the spec's words, or undefined when it can. */
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
