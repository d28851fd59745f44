import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

/** A labelled input whose error is announced and tied to it for screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, id, ...props }, ref) {
  const inputId = id ?? props.name;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className="h-11 rounded-lg border border-linen bg-white px-3 text-base text-ink placeholder:text-muted/70 aria-invalid:border-[#b4442b] read-only:bg-sand/60 read-only:text-muted"
        {...props}
      />
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-[#a23b22]">
          {error}
        </p>
      )}
    </div>
  );
});

/** The look of a select, a textarea or a date input beside a Field. */
export const controlClass =
  'rounded-lg border border-linen bg-white px-3 text-base text-ink aria-invalid:border-[#b4442b] focus-visible:outline-2 focus-visible:outline-clay';

/** The ids a control is described by: its hint and its error, when shown. */
export const describedBy = (id: string, { hint, error }: { hint?: string; error?: string }) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** A label above a select, a textarea or a date input, with a hint and its error tied to it, as Field does for inputs. */
export function Labelled({
  label,
  id,
  hint,
  error,
  children,
}: {
  label: string;
  id: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-[#a23b22]">
          {error}
        </p>
      )}
    </div>
  );
}
