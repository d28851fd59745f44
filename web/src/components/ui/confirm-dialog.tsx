import { useId, type ReactNode, type RefObject } from 'react';
import { Button } from './button';
import { Icon } from './icon';

/**
 * A modal <dialog> that asks before something that cannot be undone: what happens, a way out,
 * and the action. Opened with `dialogRef.current.showModal()`; the browser traps focus and
 * gives it back to the button that opened it.
 */
export function ConfirmDialog({
  dialogRef,
  title,
  children,
  confirmLabel,
  busyLabel,
  dismissLabel,
  busy,
  onConfirm,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  dismissLabel: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const titleId = useId();
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-linen bg-white p-0 text-ink shadow-xl"
    >
      <div className="p-6 md:p-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl">
            {title}
          </h2>
          <Button variant="ghost" size="sm" aria-label="Close" onClick={() => dialogRef.current?.close()}>
            <Icon path="M6 6l12 12M18 6L6 18" />
          </Button>
        </div>
        <div className="mt-2 text-muted">{children}</div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => dialogRef.current?.close()}>
            {dismissLabel}
          </Button>
          <Button onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
