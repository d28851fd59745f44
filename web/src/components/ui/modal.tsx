import { useId, type ReactNode, type RefObject } from 'react';
import { Button } from './button';
import { Icon } from './icon';

/**
 * The frame of every modal <dialog>: a titled card with a close button. Opened with
 * `dialogRef.current.showModal()`; the browser traps focus and gives it back to the button that
 * opened it, and Escape closes it.
 */
export function Modal({
  dialogRef,
  title,
  children,
  onClose,
  wide = false,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  title: string;
  children: ReactNode;
  /** Room for a longer text to write (a message), on screens that have it. */
  wide?: boolean;
  /** Called however it closes: the close button, Escape, or the page. */
  onClose?: () => void;
}) {
  const titleId = useId();
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? 'max-w-xl' : 'max-w-md'} rounded-2xl border border-linen bg-white p-0 text-ink shadow-xl`}
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
        {children}
      </div>
    </dialog>
  );
}
