import type { ReactNode, RefObject } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/** A modal that asks before something that cannot be undone: what happens, a way out, and the action. */
export function ConfirmDialog({
  dialogRef,
  title,
  children,
  confirmLabel,
  busyLabel,
  dismissLabel,
  busy,
  onConfirm,
  allowed = true,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  dismissLabel: string;
  busy: boolean;
  onConfirm: () => void;
  /** False when the action cannot be taken now: the dialog then only says why. */
  allowed?: boolean;
}) {
  return (
    <Modal dialogRef={dialogRef} title={title}>
      <div className="mt-2 text-muted">{children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => dialogRef.current?.close()}>
          {dismissLabel}
        </Button>
        <Button onClick={onConfirm} disabled={busy || !allowed}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
