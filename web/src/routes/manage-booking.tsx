import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import type { ManagedBooking } from '@schemas/booking';
import { formatMoney } from '@schemas/currency';
import { Button, ButtonLink } from '@/components/ui/button';
import { LinkNotValid, LinkPageLoading } from '@/components/link-page';
import { SessionFacts } from '@/components/session-facts';
import { CancellationControl } from '@/features/my-bookings/components/cancellation-control';
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

  if (isLoading) return <LinkPageLoading label="Loading your booking" />;
  if (isError || !data) return <LinkNotValid title="This link is not valid." />;

  const { booking } = data;
  const cancelled = booking.status === 'cancelled';
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 md:py-16">
      <p
        className={`text-sm font-semibold uppercase tracking-[0.2em] ${cancelled ? 'text-[#a23b22]' : booking.status === 'pending' ? 'text-clay-dark' : 'text-sage'}`}
      >
        {cancelled
          ? 'Booking cancelled'
          : data.confirmBy
            ? 'Confirm your place'
            : booking.status === 'pending'
              ? 'Payment pending'
              : 'Your booking'}
      </p>
      <h1 className="mt-3 text-3xl md:text-4xl">{booking.session.title}</h1>
      <p className="mt-3 text-muted">Booked for {data.attendeeName}.</p>
      <SessionFacts
        session={booking.session}
        place={
          data.joinLink ? (
            <a href={data.joinLink} target="_blank" rel="noopener noreferrer" className="font-medium text-clay-dark underline">
              Join online
            </a>
          ) : (
            booking.session.place
          )
        }
        price={
          booking.price.amount > 0
            ? { label: priceLabel[booking.paymentStatus] ?? 'Price', value: formatMoney(booking.price) }
            : undefined
        }
      />
      {data.confirmBy && <ConfirmPlace token={token} data={data} confirmBy={data.confirmBy} />}
      {booking.status === 'completed' && (
        <div className="mt-6">
          <CancellationControl
            booking={booking}
            until={'until' in data.cancellation ? data.cancellation.until : data.cancellation.closed}
            token={token}
            refreshKey={['manage', token]}
          />
        </div>
      )}
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

/** A free booking waiting for its guest: one button confirms the address (a link alone must not, as mail scanners open links). */
function ConfirmPlace({ token, data, confirmBy }: { token: string; data: ManagedBooking; confirmBy: string }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => apiPost(`/bookings/${encodeURIComponent(data.booking.id)}/confirm`, { token }),
    onSuccess: async () => {
      toast.success('Booking confirmed', { description: 'A confirmation e-mail with a calendar invite is on its way.' });
      await queryClient.invalidateQueries({ queryKey: ['manage', token] });
    },
    onError: (error) => toast.error('Error', { description: failureText(error, 'Failed to confirm the booking') }),
  });
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
      <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
        {confirm.isPending ? 'Confirming…' : 'Confirm my place'}
      </Button>
      <p className="text-sm text-muted">Your seat is held until {when(confirmBy)}.</p>
    </div>
  );
}
