import { useEffect, useRef, useState, type DragEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { imageContentTypes, imageUploadMessages, MAX_IMAGE_BYTES, type ImageType } from '@schemas/image-upload';
import { buttonClass, Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';

/** Why a chosen file cannot be uploaded, in the words of docs/product.md#validation, or undefined when it can. */
function refusalOf(file: File | undefined): string | undefined {
  if (!file) return imageUploadMessages.noFile;
  if (file.size > MAX_IMAGE_BYTES) return imageUploadMessages.tooLarge(file.size);
  if (!imageContentTypes.includes(file.type as ImageType)) return imageUploadMessages.failed(imageUploadMessages.notAnImage);
  return undefined;
}

/**
 * An image of a form (a session's, a recording's thumbnail): a preview, a picker (or a file dropped
 * on the preview) that uploads at once with its progress, and a way to remove it. The upload
 * messages (docs/product.md#validation) come as toasts. `upload` posts the file and answers its
 * address, which is all the form saves.
 */
export function ImageField({
  id: inputId,
  label,
  hint,
  width,
  height,
  upload: uploadFile,
  value,
  error,
  onChange,
  onUploadingChange,
}: {
  id: string;
  /** The field's name, which the preview's description repeats in lower case. */
  label: string;
  hint: string;
  /** The size the image is shown at, for the preview's shape. */
  width: number;
  height: number;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<string>;
  /** The image's address on the site, or '' for none. */
  value: string;
  error?: string;
  onChange: (url: string) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // The chosen file, shown while it uploads; then the uploaded image from the site.
  const [preview, setPreview] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [dragging, setDragging] = useState(false);
  const uploading = progress !== undefined;
  const shown = preview ?? value;

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  async function upload(file: File | undefined) {
    if (uploading) return;
    const refusal = refusalOf(file);
    if (refusal || !file) {
      toast.error('Error', { description: refusal });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    onUploadingChange(true);
    try {
      onChange(await uploadFile(file, setProgress));
      toast.success(imageUploadMessages.uploaded);
    } catch (failure) {
      toast.error('Error', {
        description: imageUploadMessages.failed(failure instanceof Error ? failure.message : 'Failed to upload image'),
      });
    } finally {
      setPreview(undefined);
      setProgress(undefined);
      onUploadingChange(false);
      // The same file can be chosen again.
      if (input.current) input.current.value = '';
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files[0]);
  };

  return (
    <div role="group" aria-labelledby={`${inputId}-label`} className="flex flex-col gap-1.5">
      <span id={`${inputId}-label`} className="text-sm font-medium text-ink">
        {label}
      </span>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`relative w-full max-w-lg overflow-hidden rounded-xl border ${
          shown ? 'border-linen' : 'border-dashed border-[#cbbcab]'
        } ${dragging ? 'bg-sand ring-2 ring-clay' : 'bg-cream'}`}
      >
        {shown ? (
          <img
            src={shown}
            alt={uploading ? 'The chosen image, uploading' : `The ${label.toLowerCase()}`}
            width={width}
            height={height}
            style={{ aspectRatio: `${width} / ${height}` }}
            className={`w-full object-cover ${uploading ? 'opacity-70' : ''}`}
          />
        ) : (
          <div className="flex min-h-36 flex-col items-center justify-center gap-2 px-6 py-8 text-center text-muted">
            <Icon path="M4 5h16v14H4zM4 15l4.5-4.5 4 4L15 12l5 5M15.5 8.5h.01" />
            <p className="text-sm">No image yet: choose one, or drop it here.</p>
          </div>
        )}
        {uploading && (
          <div className="absolute inset-x-0 bottom-0 flex flex-col gap-2 bg-white/95 px-4 py-3">
            <div className="flex justify-between text-sm text-ink">
              <span>Uploading image…</span>
              <span aria-hidden="true">{progress}%</span>
            </div>
            <progress
              value={progress}
              max={100}
              aria-label="Uploading image"
              className="h-2 w-full appearance-none overflow-hidden rounded-full bg-linen [&::-moz-progress-bar]:bg-clay [&::-webkit-progress-bar]:bg-linen [&::-webkit-progress-value]:bg-clay [&::-webkit-progress-value]:transition-[width]"
            />
          </div>
        )}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={imageContentTypes.join(',')}
          disabled={uploading}
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
          className="peer sr-only"
          onChange={(event) => void upload(event.currentTarget.files?.[0])}
        />
        <label
          htmlFor={inputId}
          className={buttonClass({
            variant: 'secondary',
            size: 'sm',
            className:
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-clay peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          })}
        >
          {value ? 'Replace image' : 'Choose image'}
        </label>
        {value && !uploading && (
          <Button variant="ghost" size="sm" onClick={() => onChange('')}>
            Remove image
          </Button>
        )}
      </div>
      <p id={`${inputId}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-[#a23b22]">
          {error}
        </p>
      )}
    </div>
  );
}
