import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  SeriesForm,
  SessionForm,
  type AdminSessionView,
  type SeriesFormInput,
  type SessionFormInput,
} from '@schemas/admin-session';
import { currencies, type Currency } from '@schemas/money';
import { sessionCategories, STARTING_SOON_MINUTES } from '@schemas/session';
import { NEW_SESSION } from '@schemas/image-upload';
import { Button } from '@/components/ui/button';
import { controlClass, describedBy, Field, Labelled } from '@/components/ui/field';
import { uploadSessionImage } from '@/features/admin/api/session-images';
import { timeZoneName } from '@/lib/format';
import { useSiteSettings } from '@/lib/site-config';
import { ImageField } from './image-field';
import { fieldOfIssue, noRepeat, RepeatFields, toSeriesInput, type RepeatValues } from './repeat-fields';

/** The form as typed: every input is text until it is sent (the price in pounds, the start in the admin's zone). */
export type SessionFormValues = {
  title: string;
  category: string;
  description: string;
  thumbnailUrl: string;
  startTime: string;
  durationMinutes: string;
  maxAttendees: string;
  price: string;
  currency: Currency;
  featured: boolean;
  requireConfirmedEmail: boolean;
  locationType: 'online' | 'onsite';
  zoomLink: string;
  startingSoonMinutes: string;
  recordingUrl: string;
  whatToBring: string;
  address: string;
  city: string;
  postCode: string;
} & RepeatValues;

const startingSoonHint =
  'Attendees are e-mailed the joining link this long before the start, and see it on their booking from then.';

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a datetime-local value, in the admin's own zone. */
function localInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function initialValues(session?: AdminSessionView): SessionFormValues {
  return {
    title: session?.title ?? '',
    category: session?.category ?? '',
    description: session?.description ?? '',
    thumbnailUrl: session?.thumbnailUrl ?? '',
    startTime: session ? localInput(session.startTime) : '',
    durationMinutes: String(session?.durationMinutes ?? 60),
    maxAttendees: session?.maxAttendees != null ? String(session.maxAttendees) : '',
    price: session ? (session.price.amount / 100).toFixed(2) : '0',
    currency: session?.price.currency ?? 'GBP',
    featured: session?.featured ?? false,
    requireConfirmedEmail: session?.requireConfirmedEmail ?? false,
    locationType: session?.locationType ?? 'online',
    zoomLink: session?.zoomLink ?? '',
    startingSoonMinutes: String(session?.startingSoonMinutes ?? STARTING_SOON_MINUTES),
    recordingUrl: session?.recordingUrl ?? '',
    whatToBring: session?.whatToBring ?? '',
    address: session?.address ?? '',
    city: session?.city ?? '',
    postCode: session?.postCode ?? '',
    ...noRepeat,
  };
}

/** A number typed into a field: what it says, or NaN for the schema to refuse with the field's message. */
const typedNumber = (text: string) => (text.trim() === '' ? NaN : Number(text));

/** What the API takes: the start as an instant, the price in minor units of its currency. */
function toInput(values: SessionFormValues): SessionFormInput {
  const start = values.startTime ? new Date(values.startTime) : undefined;
  return {
    title: values.title,
    category: (values.category || null) as SessionFormInput['category'],
    description: values.description,
    thumbnailUrl: values.thumbnailUrl,
    startTime: start && !Number.isNaN(start.getTime()) ? start.toISOString() : '',
    durationMinutes: typedNumber(values.durationMinutes),
    maxAttendees: values.maxAttendees.trim() === '' ? null : typedNumber(values.maxAttendees),
    price: { amount: Math.round(typedNumber(values.price) * 100), currency: values.currency },
    featured: values.featured,
    requireConfirmedEmail: values.requireConfirmedEmail,
    locationType: values.locationType,
    zoomLink: values.zoomLink,
    startingSoonMinutes: typedNumber(values.startingSoonMinutes),
    recordingUrl: values.recordingUrl,
    whatToBring: values.whatToBring,
    address: values.address,
    city: values.city,
    postCode: values.postCode,
  };
}

/**
 * The session form in its four sections (docs/product.md#admin-area). The server's own schema checks it before it is
 * sent, so its messages are the server's; `onSave` answers the server's refusal, if any.
 */
export function SessionFormView({
  session,
  onSave,
  onSaveSeries,
  onCancel,
  saving,
}: {
  session?: AdminSessionView;
  /** `draft`: a new session saved as a draft, not yet shown to visitors. */
  onSave: (form: SessionFormInput, options: { draft: boolean }) => void;
  /** A new session that repeats: the series of it (the form's start is its first date and time, in the teacher's zone). */
  onSaveSeries?: (form: SeriesFormInput, options: { draft: boolean }) => void;
  onCancel: () => void;
  saving: boolean;
}) {
  const { register, handleSubmit, watch, setValue, setError, formState } = useForm<SessionFormValues>({
    defaultValues: initialValues(session),
  });
  const errors = formState.errors;
  const formRef = useRef<HTMLFormElement>(null);
  // The form waits for an image on its way: it would be saved without it.
  const [uploadingImage, setUploadingImage] = useState(false);
  // Which of a new session's two buttons sent the form.
  const asDraft = useRef(false);
  const onsite = watch('locationType') === 'onsite';
  const start = watch('startTime');

  const repeats = !session && watch('repeat') !== 'none';
  // A series meets at its time of day in the teacher's zone, which its first date is typed in.
  const teachersZone = useSiteSettings()?.timeZone;

  /** Each field's first message; then the focus on the first field to put right, in the form's order, past hidden fields. */
  const sayIssues = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
    const said = new Set<string>();
    for (const issue of issues) {
      const field = fieldOfIssue(issue.path);
      if (said.has(field)) continue;
      setError(field, { message: issue.message });
      said.add(field);
    }
    const controls = [...(formRef.current?.elements ?? [])] as HTMLInputElement[];
    controls.find((control) => said.has(control.name) && control.type !== 'hidden')?.focus();
  };

  const submit = handleSubmit((values) => {
    const input = toInput(values);
    if (repeats && onSaveSeries) {
      const series = toSeriesInput(input, values);
      const parsed = SeriesForm.safeParse(series);
      if (!parsed.success) return sayIssues(parsed.error.issues);
      return onSaveSeries(series, { draft: asDraft.current });
    }
    const parsed = SessionForm.safeParse(input);
    if (!parsed.success) return sayIssues(parsed.error.issues);
    onSave(input, { draft: asDraft.current });
  });

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={session ? 'Edit session' : 'Create session'}
      className="flex flex-col gap-8"
    >
      <Section title="Basic Information">
        <Field label="Title" error={errors.title?.message} {...register('title')} />
        <Labelled label="Category" id="session-category" error={errors.category?.message}>
          <select id="session-category" className={`h-11 ${controlClass}`} {...register('category')}>
            <option value="">No category</option>
            {sessionCategories.map((category) => (
              <option key={category}>{category}</option>
            ))}
          </select>
        </Labelled>
        <Labelled label="Description" id="session-description" error={errors.description?.message}>
          <textarea
            id="session-description"
            rows={5}
            aria-invalid={errors.description ? true : undefined}
            className={`py-2 ${controlClass}`}
            {...register('description')}
          />
        </Labelled>
        <input type="hidden" {...register('thumbnailUrl')} />
        <ImageField
          id="session-image"
          label="Session image"
          hint="JPEG, PNG, WebP or GIF, up to 10 MB. Shown wide (1200 × 630) on the session’s page."
          width={1200}
          height={630}
          upload={(file, onProgress) => uploadSessionImage(session?.id ?? NEW_SESSION, file, onProgress)}
          value={watch('thumbnailUrl')}
          error={errors.thumbnailUrl?.message}
          onChange={(url) => setValue('thumbnailUrl', url, { shouldDirty: true })}
          onUploadingChange={setUploadingImage}
        />
      </Section>

      <Section title="Scheduling">
        <Labelled
          label={
            repeats
              ? `First date and time (${teachersZone ?? 'your time zone'})`
              : `Start time${start ? ` (${timeZoneName(new Date(start).toISOString())}, your time zone)` : ' (your time zone)'}`
          }
          id="session-startTime"
          error={errors.startTime?.message}
        >
          <input
            id="session-startTime"
            type="datetime-local"
            aria-invalid={errors.startTime ? true : undefined}
            className={`h-11 ${controlClass}`}
            {...register('startTime')}
          />
        </Labelled>
        <Field
          label="Duration (minutes)"
          type="number"
          min={1}
          error={errors.durationMinutes?.message}
          {...register('durationMinutes')}
        />
        {!session && onSaveSeries && <RepeatFields register={register} watch={watch} errors={errors} />}
      </Section>

      <Section title="Capacity and Price">
        <Field
          label="Maximum attendees (empty for unlimited)"
          type="number"
          min={1}
          error={errors.maxAttendees?.message}
          {...register('maxAttendees')}
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field label="Price" type="number" min={0} step="0.01" error={errors.price?.message} {...register('price')} />
          <Labelled label="Currency" id="session-currency">
            <select id="session-currency" className={`h-11 ${controlClass}`} {...register('currency')}>
              {currencies.map((currency) => (
                <option key={currency}>{currency}</option>
              ))}
            </select>
          </Labelled>
        </div>
        <label className="flex items-center gap-3 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-clay" {...register('featured')} />
          Featured on the home page
        </label>
        <label className="flex items-center gap-3 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-clay" {...register('requireConfirmedEmail')} />
          Guests confirm their e-mail address to keep a free seat
        </label>
      </Section>

      <Section title="Location">
        <fieldset className="flex flex-wrap gap-6">
          <legend className="mb-2 text-sm font-medium">Where it happens</legend>
          {(['online', 'onsite'] as const).map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="radio" value={type} className="size-4 accent-clay" {...register('locationType')} />
              {type === 'online' ? 'Online' : 'On site'}
            </label>
          ))}
        </fieldset>
        {onsite ? (
          <>
            <Field label="Address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="City" error={errors.city?.message} {...register('city')} />
              <Field label="Post code" error={errors.postCode?.message} {...register('postCode')} />
            </div>
          </>
        ) : (
          <>
            <Field label="Zoom link" type="url" error={errors.zoomLink?.message} {...register('zoomLink')} />
            <Labelled
              label="Starting-soon e-mail, minutes before"
              id="session-startingSoonMinutes"
              hint={startingSoonHint}
              error={errors.startingSoonMinutes?.message}
            >
              <input
                id="session-startingSoonMinutes"
                type="number"
                inputMode="numeric"
                min={5}
                max={240}
                aria-invalid={errors.startingSoonMinutes ? true : undefined}
                aria-describedby={describedBy('session-startingSoonMinutes', {
                  hint: startingSoonHint,
                  error: errors.startingSoonMinutes?.message,
                })}
                className={`h-11 w-32 ${controlClass}`}
                {...register('startingSoonMinutes')}
              />
            </Labelled>
          </>
        )}
        <Field label="Recording URL" type="url" error={errors.recordingUrl?.message} {...register('recordingUrl')} />
        <Labelled label="What to bring" id="session-whatToBring" error={errors.whatToBring?.message}>
          <textarea id="session-whatToBring" rows={3} className={`py-2 ${controlClass}`} {...register('whatToBring')} />
        </Labelled>
      </Section>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving || uploadingImage} onClick={() => (asDraft.current = false)}>
          {saving ? 'Saving…' : session ? 'Update Session' : repeats ? 'Create Series' : 'Create Session'}
        </Button>
        {!session && (
          <Button type="submit" variant="secondary" disabled={saving || uploadingImage} onClick={() => (asDraft.current = true)}>
            Save as Draft
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-linen bg-white p-5 shadow-sm md:p-6">
      <legend className="px-1 font-serif text-xl">{title}</legend>
      {children}
    </fieldset>
  );
}
