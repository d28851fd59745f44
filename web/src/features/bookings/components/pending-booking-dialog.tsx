import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

type Props = {
  open: boolean;
  /** While the checkout for the pending booking is being made. */
  busy: boolean;
  onContinue: () => void;
  onNewBooking: () => void;
  /** Escape: neither, the form stays as it was. */
  onDismiss: () => void;
};

/**
 * The confirm for a member who already has a pending booking for the session (docs/product.md#booking), as a modal
 * <dialog> (focus stays inside, Escape closes it): OK pays for that booking, Cancel books anew.
 */
export function PendingBookingDialog({ open, busy, onContinue, onNewBooking, onDismiss }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (open && !element?.open) element?.showModal();
    if (!open && element?.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      onClose={onDismiss}
      aria-labelledby="pending-booking-title"
      aria-describedby="pending-booking-text"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-linen bg-white p-0 text-ink shadow-xl"
    >
      <div className="p-6 md:p-8">
        <h2 id="pending-booking-title" className="text-2xl">
          Pending booking
        </h2>
        <p id="pending-booking-text" className="mt-2 text-muted">
          You already have a pending booking for this session. Press OK to continue with your payment, or Cancel to make a new
          booking.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onNewBooking} disabled={busy}>
            Cancel
          </Button>
          {/* As in the browser's own confirm, OK has the focus: the held seat is kept unless asked. */}
          <Button onClick={onContinue} disabled={busy} autoFocus>
            {busy ? 'Opening checkout…' : 'OK'}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
