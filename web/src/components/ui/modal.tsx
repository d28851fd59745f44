import { useId, type ReactNode, type RefObject } from 'react';
import { Button } from './button';
import { Icon } from './icon';

/**
 * The frame of every modal <dialog>: a titled card with a close button. Opened with
 * `dialogRef.current.showModal()`; the browser focuses its first field or button, traps focus and
 * gives it back to the button that opened it, and Escape closes it.
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
      <div className="relative p-6 md:p-8">
        <h2 id={titleId} className="pr-12 text-2xl">
          {title}
        </h2>
        {children}
        {/* Last in the document, so opening the dialog focuses its first field or button, not the close. */}
        <Button
          variant="ghost"
          size="sm"
          aria-label="Close"
          className="absolute right-4 top-5 md:right-6 md:top-7"
          onClick={() => dialogRef.current?.close()}
        >
          <Icon path="M6 6l12 12M18 6L6 18" />
        </Button>
      </div>
    </dialog>
  );
}
