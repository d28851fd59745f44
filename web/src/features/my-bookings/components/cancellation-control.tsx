import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CancellationReceipt } from '@schemas/booking';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError, apiPost } from '@/lib/api';
import { formatDate, formatTimeWithZone } from '@/lib/format';

const when = (iso: string) => `${formatDate(iso)}, ${formatTimeWithZone(iso)}`;

/**
 * A confirmed booking's cancellation, for a member's booking (their token) and a guest's (the
 * token of its e-mailed link) alike: until the cut-off 'Cancel booking' with the date beside it
 * and a dialog that says what happens to the seat and the payment; after it, the date it closed.
 * `refreshKey` names the query to read again once it is cancelled.
 */
export function CancellationControl({
  booking,
  until,
  token,
  refreshKey,
  size,
}: {
  booking: { id: string; session: { title: string; startTime: string }; paymentStatus: string };
  until: string;
  token?: string;
  refreshKey: readonly unknown[];
  size?: 'sm' | 'md';
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const [now] = useState(() => new Date().toISOString());
  const cancel = useMutation({
    mutationFn: () => apiPost<CancellationReceipt>(`/bookings/${encodeURIComponent(booking.id)}/cancel`, token ? { token } : {}),
    onSuccess: async () => {
      dialog.current?.close();
      toast.success('Booking cancelled', {
        description:
          booking.paymentStatus === 'paid' ? 'Your payment is being refunded in full.' : 'Your seat is free for someone else.',
      });
      await queryClient.invalidateQueries({ queryKey: refreshKey });
    },
    onError: (error) =>
      toast.error('Error', {
        description: error instanceof ApiError && error.status < 500 ? error.message : 'Failed to cancel the booking',
      }),
  });

  if (until <= now) {
    return <p className="text-sm text-muted">Cancellation closed {when(until)}, 24 hours before the session.</p>;
  }
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button variant="secondary" size={size} onClick={() => dialog.current?.showModal()}>
          Cancel booking
        </Button>
        <p className="text-sm text-muted">Free cancellation until {when(until)}</p>
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
          {booking.session.title}, {when(booking.session.startTime)}. Your seat goes to someone else
          {booking.paymentStatus === 'paid' ? ', and your payment is refunded in full.' : '.'}
        </p>
      </ConfirmDialog>
    </>
  );
}
