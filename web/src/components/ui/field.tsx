import { forwardRef, type InputHTMLAttributes } from 'react';

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
