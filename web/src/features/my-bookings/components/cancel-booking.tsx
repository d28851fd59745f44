import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import {
  CANCELLATION_CUTOFF_HOURS,
  type CancellationReceipt,
  type CancellationTerms,
  type PaymentStatus,
} from '@schemas/booking';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError, apiPost } from '@/lib/api';
import { formatDateTime } from '@/lib/format';

type Props = {
  booking: { id: string; paymentStatus: PaymentStatus; session: { title: string; startTime: string } };
  terms: CancellationTerms;
  /** A guest's: the token of their booking's 'Manage booking' link, which stands in for signing in. */
  linkToken?: string;
  /** After the cancellation: the caller reads the booking again. */
  onCancelled: () => Promise<unknown>;
};

/**
 * A confirmed booking's cancellation, for its member or its guest: until the cut-off a button and
 * a modal <dialog> that says what happens to the seat and the payment; after it, the date it
 * closed. A booking not confirmed yet, or ended, shows nothing here.
 */
export function CancelBooking({ booking, terms, linkToken, onCancelled }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useMutation({
    mutationFn: () =>
      apiPost<CancellationReceipt>(`/bookings/${encodeURIComponent(booking.id)}/cancel`, linkToken ? { token: linkToken } : {}),
    onSuccess: async () => {
      dialog.current?.close();
      toast.success('Booking cancelled', {
        description:
          booking.paymentStatus === 'paid' ? 'Your payment is being refunded in full.' : 'Your seat is free for someone else.',
      });
      await onCancelled();
    },
    onError: (error) => {
      toast.error('Error', { description: error instanceof ApiError ? error.message : 'Failed to cancel the booking' });
    },
  });

  if (terms.closed === 'cut-off') {
    return (
      <p className="text-sm text-muted">
        Cancellation closed {formatDateTime(terms.until)}, {CANCELLATION_CUTOFF_HOURS} hours before the session.
      </p>
    );
  }
  if (terms.closed) return null;
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button variant="secondary" size="sm" onClick={() => dialog.current?.showModal()}>
          Cancel booking
        </Button>
        <p className="text-sm text-muted">Free cancellation until {formatDateTime(terms.until)}</p>
      </div>
      <ConfirmDialog
        dialogRef={dialog}
        title="Cancel this booking?"
        confirmLabel="Cancel booking"
        busyLabel="Cancelling…"
        dismissLabel="Keep booking"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      >
        <p>
          {booking.session.title}, {formatDateTime(booking.session.startTime)}. Your seat goes to someone else
          {booking.paymentStatus === 'paid' ? ', and your payment is refunded in full.' : '.'}
        </p>
      </ConfirmDialog>
    </>
  );
}
