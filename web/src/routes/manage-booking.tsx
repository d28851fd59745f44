import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import type { CancellationReceipt, ManagedBooking } from '@schemas/booking';
import { formatMoney } from '@schemas/currency';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Fact } from '@/components/ui/fact';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText } from '@/features/bookings/api/bookings';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { apiGet, apiPost } from '@/lib/api';
import { formatDate, formatTimeWithZone } from '@/lib/format';

const when = (iso: string) => `${formatDate(iso)}, ${formatTimeWithZone(iso)}`;
const priceLabel: Partial<Record<ManagedBooking['booking']['paymentStatus'], string>> = { paid: 'Paid', refunded: 'Refunded' };
const managedQuery = (token: string) => ({
  queryKey: ['manage', token],
  queryFn: () => apiGet<ManagedBooking>(`/manage/${encodeURIComponent(token)}`),
  retry: false,
});

/** /manage/:token: a guest's booking from the link in their e-mail, with its cancellation and an offer of an account. */
export function ManageBookingPage() {
  const { token = '' } = useParams();
  const { data, isLoading, isError } = useQuery(managedQuery(token));
  useDocumentTitle(data ? 'Your booking' : isLoading ? 'Booking' : 'Link not valid');

  if (isLoading) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16" aria-busy="true" aria-label="Loading your booking">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="mt-4 h-10 w-2/3" />
        <Skeleton className="mt-6 h-40 w-full rounded-2xl" />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl">This link is not valid.</h1>
        <p className="mt-3 text-muted">Check that the whole link from your e-mail was opened.</p>
        <ButtonLink to="/" className="mt-8">
          Browse sessions
        </ButtonLink>
      </section>
    );
  }

  const { booking } = data;
  const cancelled = booking.status === 'cancelled';
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 md:py-16">
      <p
        className={`text-sm font-semibold uppercase tracking-[0.2em] ${cancelled ? 'text-[#a23b22]' : booking.status === 'pending' ? 'text-clay-dark' : 'text-sage'}`}
      >
        {cancelled ? 'Booking cancelled' : booking.status === 'pending' ? 'Payment pending' : 'Your booking'}
      </p>
      <h1 className="mt-3 text-3xl md:text-4xl">{booking.session.title}</h1>
      <p className="mt-3 text-muted">Booked for {data.attendeeName}.</p>
      <dl className="mt-8 grid gap-4 rounded-2xl border border-linen bg-white p-6 shadow-sm sm:grid-cols-3">
        <Fact label="Date">{formatDate(booking.session.startTime)}</Fact>
        <Fact label="Time">{formatTimeWithZone(booking.session.startTime)}</Fact>
        <Fact label="Location">
          {data.joinLink ? (
            <a href={data.joinLink} target="_blank" rel="noopener noreferrer" className="font-medium text-clay-dark underline">
              Join online
            </a>
          ) : (
            booking.session.place
          )}
        </Fact>
        {booking.price.amount > 0 && (
          <Fact label={priceLabel[booking.paymentStatus] ?? 'Price'}>{formatMoney(booking.price)}</Fact>
        )}
      </dl>
      {booking.status === 'completed' && <Cancellation token={token} data={data} />}
      <aside className="mt-10 rounded-2xl bg-sand p-6">
        <h2 className="text-xl">See all your bookings in one place</h2>
        <p className="mt-2 text-sm text-muted">
          Create an account with {data.attendeeEmail} and this booking, and every one you make with that address, is on your
          dashboard.
        </p>
        <ButtonLink to={`/setup-account?email=${encodeURIComponent(data.attendeeEmail)}`} variant="secondary" className="mt-4">
          Create an account
        </ButtonLink>
      </aside>
      <p className="mt-8 text-sm">
        <Link to={`/sessions/${booking.session.id}`} className="font-medium text-clay-dark underline">
          View the session
        </Link>
      </p>
    </section>
  );
}

function Cancellation({ token, data }: { token: string; data: ManagedBooking }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const { booking } = data;
  const cancel = useMutation({
    mutationFn: () => apiPost<CancellationReceipt>(`/bookings/${encodeURIComponent(booking.id)}/cancel`, { token }),
    onSuccess: async () => {
      dialog.current?.close();
      toast.success('Booking cancelled', {
        description:
          booking.paymentStatus === 'paid' ? 'Your payment is being refunded in full.' : 'Your seat is free for someone else.',
      });
      await queryClient.invalidateQueries({ queryKey: ['manage', token] });
    },
    onError: (error) => toast.error('Error', { description: failureText(error, 'Failed to cancel the booking') }),
  });
  if ('closed' in data.cancellation) {
    return (
      <p className="mt-6 text-sm text-muted">
        Cancellation closed {when(data.cancellation.closed)}, 24 hours before the session.
      </p>
    );
  }
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
      <Button variant="secondary" onClick={() => dialog.current?.showModal()}>
        Cancel booking
      </Button>
      <p className="text-sm text-muted">Free cancellation until {when(data.cancellation.until)}</p>
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
    </div>
  );
}
