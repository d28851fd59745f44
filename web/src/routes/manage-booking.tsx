import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import type { ManagedBooking } from '@schemas/booking';
import { formatMoney } from '@schemas/currency';
import { Button, ButtonLink } from '@/components/ui/button';
import { JoiningLink } from '@/components/joining-link';
import { SessionFacts } from '@/components/session-facts';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText, managedBookingQuery } from '@/features/bookings/api/bookings';
import { CancelBooking } from '@/features/my-bookings/components/cancel-booking';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError, apiPost } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { EmailText } from '@/components/ui/email-text';

const priceLabel: Partial<Record<ManagedBooking['booking']['paymentStatus'], string>> = { paid: 'Paid', refunded: 'Refunded' };
// The error red of the site's fields, as on the confirmation page: the seat is no longer theirs.
const ended = 'text-[#a23b22]';

/** Where the booking stands, as the line above its title says it. */
function standing(data: ManagedBooking) {
  const { status } = data.booking;
  if (status === 'cancelled') return { tone: ended, label: 'Booking cancelled' };
  if (data.confirmBy) return { tone: 'text-clay-dark', label: 'Confirm your place' };
  if (status === 'pending') return { tone: 'text-clay-dark', label: 'Payment pending' };
  return { tone: 'text-sage', label: 'Your booking' };
}

/** /manage/:token: a guest's booking from the link in their e-mail, with its cancellation and an offer of an account. */
export function ManageBookingPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const { data, isLoading, error, refetch } = useQuery(managedBookingQuery(token));
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  useDocumentTitle(data ? 'Your booking' : isLoading ? 'Booking' : notFound ? 'Link not valid' : 'Booking');

  if (isLoading) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16" aria-busy="true" aria-label="Loading your booking">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="mt-4 h-10 w-2/3" />
        <Skeleton className="mt-3 h-5 w-48" />
        <Skeleton className="mt-8 h-40 w-full rounded-2xl" />
        <Skeleton className="mt-10 h-32 w-full rounded-2xl" />
      </div>
    );
  }
  if (!data && !notFound) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl">Your booking could not be loaded just now.</h1>
        <p className="mt-3 text-muted">Please try again in a moment.</p>
        <Button className="mt-8" onClick={() => void refetch()}>
          Try again
        </Button>
      </section>
    );
  }
  if (!data) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl">This link is not valid.</h1>
        <p className="mt-3 text-muted">Check that the whole link from your confirmation e-mail was opened.</p>
        <ButtonLink to="/" className="mt-8">
          Browse sessions
        </ButtonLink>
      </section>
    );
  }

  const { booking, cancellation } = data;
  const { tone, label } = standing(data);
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 md:py-16">
      <p className={`text-sm font-semibold uppercase tracking-[0.2em] ${tone}`}>{label}</p>
      <h1 className="mt-3 text-3xl md:text-4xl">{booking.session.title}</h1>
      <p className="mt-3 text-muted">Booked for {data.attendeeName}.</p>
      <SessionFacts
        session={booking.session}
        place={<JoiningLink joinLink={data.joinLink} joinLinkFrom={data.joinLinkFrom} otherwise={booking.session.place} />}
        price={
          booking.price.amount > 0
            ? { label: priceLabel[booking.paymentStatus] ?? 'Price', value: formatMoney(booking.price) }
            : undefined
        }
      />
      {data.refund && (
        <p role="status" className="mt-6 rounded-xl bg-sand px-4 py-3 text-sm text-ink">
          Your payment of {formatMoney(data.refund.amount)}{' '}
          {data.refund.state === 'sent' ? 'has been refunded in full.' : 'is being refunded in full.'}
        </p>
      )}
      {data.confirmBy && <ConfirmPlace token={token} data={data} confirmBy={data.confirmBy} />}
      {cancellation.closed !== 'ended' && (
        <section aria-labelledby="cancellation-heading" className="mt-8">
          <h2 id="cancellation-heading" className="text-xl">
            Cancellation
          </h2>
          <div className="mt-3">
            {cancellation.closed === 'not-confirmed' ? (
              <p className="text-sm text-muted">
                Once your {data.confirmBy ? 'place is confirmed' : 'payment is confirmed'}, you can cancel free until{' '}
                {formatDateTime(cancellation.until)}.
              </p>
            ) : (
              <CancelBooking
                booking={booking}
                terms={cancellation}
                linkToken={token}
                onCancelled={() => queryClient.invalidateQueries({ queryKey: managedBookingQuery(token).queryKey })}
              />
            )}
          </div>
        </section>
      )}
      <aside aria-labelledby="account-heading" className="mt-10 rounded-2xl bg-sand p-6">
        <h2 id="account-heading" className="text-xl">
          See all your bookings in one place
        </h2>
        <p className="mt-2 text-sm text-muted">
          Create an account with <EmailText email={data.attendeeEmail} className="font-medium text-ink" /> and this booking, and
          every one you make with that address, is on your dashboard.
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
      await queryClient.invalidateQueries({ queryKey: managedBookingQuery(token).queryKey });
    },
    onError: (error) => toast.error('Error', { description: failureText(error, 'Failed to confirm the booking') }),
  });
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
      <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
        {confirm.isPending ? 'Confirming…' : 'Confirm my place'}
      </Button>
      <p className="text-sm text-muted">Your seat is held until {formatDateTime(confirmBy)}.</p>
    </div>
  );
}
