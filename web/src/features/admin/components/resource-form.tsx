import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import {
  isKeptVideo,
  NEW_RESOURCE,
  ResourceForm,
  resourceMessages,
  type AdminResource,
  type ResourceFormInput,
} from '@schemas/resource';
import { currencies, type Currency } from '@schemas/money';
import { Button } from '@/components/ui/button';
import { UploadProgress, VideoFilePicker, videoRefusalOf } from './video-file-picker';
import { controlClass, Field, Labelled } from '@/components/ui/field';
import { uploadResourceVideo } from '@/features/admin/api/resources';

/** The basic fields as typed: the price in units (empty for none). */
type Values = { title: string; category: string; description: string; price: string; currency: Currency };

/** One video row: its title, and a file (chosen now, or uploaded before) or a link. */
type VideoRow = {
  rowId: string;
  title: string;
  source: 'file' | 'url';
  url: string;
  /** The key of a file uploaded and confirmed (before, or by this save). */
  key: string;
  /** A file chosen and not yet uploaded. */
  file?: File;
  /** 0 to 100 while it uploads. */
  progress?: number;
  error?: string;
};

/** What saving came to: whether any chosen file failed to upload (and was left out). */
export type SaveOutcome = { videosFailed: boolean };

let rowCount = 0;
const newRow = (fields: Partial<VideoRow> = {}): VideoRow => ({
  rowId: `video-${++rowCount}`,
  title: '',
  source: 'file',
  url: '',
  key: '',
  ...fields,
});

/** An uploaded file is stored under a generated name, which says nothing: the editor says what kind of video it is. */
function uploadedLabel(key: string) {
  const extension = /\.(\w+)$/.exec(key)?.[1];
  return extension ? `Video uploaded (${extension.toUpperCase()})` : 'Video uploaded';
}

/** A stand-in key while checking the form before its files are uploaded: their keys come from the uploads. */
const PENDING_KEY = `resources/${NEW_RESOURCE}/${'0'.repeat(26)}.mp4`;

/**
 * The admin's resource form (docs/product.md#admin-area): title (required), description, category, price with its currency
 * (USD unless chosen), and video rows, each a title with a file to upload or a link. Rows without a
 * title and a file or link are left out. On save, chosen files are uploaded first, each with its
 * progress; one that fails is left out and said so ('Failed to upload video.'), and `onSave` is told.
 */
export function ResourceFormView({
  resource,
  onSave,
  onCancel,
}: {
  resource?: AdminResource;
  onSave: (form: ResourceFormInput, outcome: SaveOutcome) => Promise<void>;
  onCancel: () => void;
}) {
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    defaultValues: {
      title: resource?.title ?? '',
      category: resource?.category ?? '',
      description: resource?.description ?? '',
      price: resource?.price ? (resource.price.amount / 100).toFixed(2) : '',
      currency: resource?.price?.currency ?? 'USD',
    },
  });
  const errors = formState.errors;
  const [rows, setRows] = useState<VideoRow[]>(() =>
    resource?.videos.length
      ? resource.videos.map((video) =>
          newRow({ title: video.title, source: video.key ? 'file' : 'url', url: video.url ?? '', key: video.key ?? '' }),
        )
      : [newRow()],
  );
  const [saving, setSaving] = useState(false);
  const change = (rowId: string, fields: Partial<VideoRow>) =>
    setRows((current) => current.map((row) => (row.rowId === rowId ? { ...row, ...fields } : row)));
  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      const next = [...current];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });

  /** The form as the API takes it, with `keyOf` giving each kept file row its key. */
  const inputOf = (values: Values, kept: VideoRow[], keyOf: (row: VideoRow) => string): ResourceFormInput => ({
    title: values.title,
    description: values.description,
    category: values.category,
    price: values.price.trim() === '' ? null : { amount: Math.round(Number(values.price) * 100), currency: values.currency },
    videos: kept.map((row) =>
      row.source === 'url' ? { title: row.title, url: row.url, key: null } : { title: row.title, url: null, key: keyOf(row) },
    ),
  });

  const submit = handleSubmit(async (values) => {
    const kept = rows.filter((row) =>
      isKeptVideo(row.source === 'url' ? { title: row.title, url: row.url } : { title: row.title, file: row.file, key: row.key }),
    );
    // Checked before any upload, so a form the server would refuse uploads nothing.
    const checked = ResourceForm.safeParse(inputOf(values, kept, () => PENDING_KEY));
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const [field, index] = issue.path;
        if (field === 'videos' && typeof index === 'number') change(kept[index].rowId, { error: issue.message });
        else if (field === 'price' || field === 'title' || field === 'description' || field === 'category')
          setError(field, { message: issue.message }, { shouldFocus: true });
      }
      return;
    }
    setSaving(true);
    try {
      const keys = new Map<string, string>();
      let videosFailed = false;
      for (const row of kept) {
        if (row.source !== 'file' || !row.file) continue;
        change(row.rowId, { progress: 0, error: undefined });
        try {
          const key = await uploadResourceVideo(resource?.id ?? NEW_RESOURCE, row.file, (progress) =>
            change(row.rowId, { progress }),
          );
          keys.set(row.rowId, key);
          change(row.rowId, { key, file: undefined, progress: undefined });
        } catch (failure) {
          videosFailed = true;
          const reason = failure instanceof Error ? failure.message : undefined;
          change(row.rowId, {
            progress: undefined,
            error: reason ? `${resourceMessages.uploadFailed} ${reason}` : resourceMessages.uploadFailed,
          });
          toast.error('Error', { description: resourceMessages.uploadFailed });
        }
      }
      const uploaded = kept.filter((row) => row.source === 'url' || keys.has(row.rowId) || row.key);
      await onSave(
        inputOf(values, uploaded, (row) => keys.get(row.rowId) ?? row.key),
        { videosFailed },
      );
    } finally {
      setSaving(false);
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={resource ? 'Edit resource' : 'Create resource'}
      className="flex flex-col gap-8"
    >
      <section className="flex flex-col gap-4 rounded-2xl border border-linen bg-white p-5 shadow-sm md:p-6">
        <h2 className="text-xl">Resource</h2>
        <Field label="Title" error={errors.title?.message} {...register('title')} />
        <Field label="Category" error={errors.category?.message} {...register('category')} />
        <Labelled label="Description" id="resource-description" error={errors.description?.message}>
          <textarea id="resource-description" rows={4} className={`py-2 ${controlClass}`} {...register('description')} />
        </Labelled>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field
            label="Price (optional)"
            type="number"
            min={0}
            step="0.01"
            error={errors.price?.message}
            {...register('price')}
          />
          <Labelled label="Currency" id="resource-currency">
            <select id="resource-currency" className={`h-11 ${controlClass}`} {...register('currency')}>
              {currencies.map((currency) => (
                <option key={currency}>{currency}</option>
              ))}
            </select>
          </Labelled>
        </div>
      </section>

      <section aria-labelledby="videos-heading" className="flex flex-col gap-4">
        <div>
          <h2 id="videos-heading" className="text-xl">
            Videos
          </h2>
          <p className="mt-1 text-sm text-muted">
            In the order visitors see them. A video is kept only with a title and a file or a link. Files: MP4 or WebM, up to 100
            MB.
          </p>
        </div>
        <ol className="flex flex-col gap-4">
          {rows.map((row, index) => (
            <VideoRowView
              key={row.rowId}
              row={row}
              number={index + 1}
              disabled={saving}
              onChange={(fields) => change(row.rowId, { ...fields, error: undefined })}
              onMove={(by) => move(index, by)}
              canMoveUp={index > 0}
              canMoveDown={index < rows.length - 1}
              onRemove={() => setRows((current) => current.filter((r) => r.rowId !== row.rowId))}
            />
          ))}
        </ol>
        <div>
          <Button variant="secondary" size="sm" disabled={saving} onClick={() => setRows((current) => [...current, newRow()])}>
            Add video
          </Button>
        </div>
      </section>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : resource ? 'Update Resource' : 'Create Resource'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function VideoRowView({
  row,
  number,
  disabled,
  onChange,
  onMove,
  canMoveUp,
  canMoveDown,
  onRemove,
}: {
  row: VideoRow;
  number: number;
  disabled: boolean;
  onChange: (fields: Partial<VideoRow>) => void;
  onMove: (by: -1 | 1) => void;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onRemove: () => void;
}) {
  const id = useId();
  const uploading = row.progress !== undefined;
  const choose = (file: File | undefined) => {
    if (!file) return;
    const refusal = videoRefusalOf(file);
    if (refusal) {
      toast.error('Error', { description: refusal });
      return;
    }
    onChange({ file, key: '' });
  };
  return (
    <li className="rounded-2xl border border-linen bg-white p-5 shadow-sm">
      <fieldset aria-labelledby={`${id}-heading`} className="flex flex-col gap-4" disabled={disabled}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${id}-heading`} className="text-lg">
            Video {number}
          </h3>
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Move video ${number} up`}
              disabled={!canMoveUp}
              onClick={() => onMove(-1)}
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Move video ${number} down`}
              disabled={!canMoveDown}
              onClick={() => onMove(1)}
            >
              ↓
            </Button>
            <Button variant="ghost" size="sm" aria-label={`Remove video ${number}`} onClick={onRemove}>
              Remove
            </Button>
          </div>
        </div>
        <Field
          id={`${id}-title`}
          label={`Video ${number} title`}
          value={row.title}
          onChange={(event) => onChange({ title: event.currentTarget.value })}
        />
        <div role="radiogroup" aria-label={`Video ${number} source`} className="flex flex-wrap gap-5">
          {(['file', 'url'] as const).map((source) => (
            <label key={source} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-source`}
                className="size-4 accent-clay"
                checked={row.source === source}
                onChange={() => onChange({ source })}
              />
              {source === 'file' ? 'Upload a file' : 'Link to a video'}
            </label>
          ))}
        </div>
        {row.source === 'url' ? (
          <Field
            id={`${id}-url`}
            label={`Video ${number} URL`}
            type="url"
            placeholder="https://"
            value={row.url}
            onChange={(event) => onChange({ url: event.currentTarget.value })}
          />
        ) : (
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-3">
              <VideoFilePicker
                id={`${id}-file`}
                label={row.file || row.key ? `Replace video ${number} file` : `Choose video ${number} file`}
                onChoose={choose}
              />
              <span className="min-w-0 truncate text-sm text-muted">
                {row.file ? `${row.file.name} (uploads on save)` : row.key ? uploadedLabel(row.key) : 'No file chosen'}
              </span>
            </div>
            {uploading && <UploadProgress label={`Uploading video ${number}`} progress={row.progress} />}
          </div>
        )}
        {row.error && (
          <p role="alert" className="text-sm text-[#a23b22]">
            {row.error}
          </p>
        )}
      </fieldset>
    </li>
  );
}
