import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import type { WaitlistPlace } from '@schemas/waitlist';
import type { BookingConfirmation } from '@schemas/booking';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LinkNotValid, LinkPageLoading } from '@/components/link-page';
import { SessionFacts } from '@/components/session-facts';
import { useCurrency } from '@/features/currency/currency-context';
import { PriceText } from '@/features/currency/price-text';
import { usePlaceActions, waitlistPlaceQuery } from '@/features/waitlist/api/waitlist';
import { failureText, useBooking } from '@/features/bookings/api/bookings';
import { rememberManageToken } from '@/features/bookings/manage-links';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate, formatTimeWithZone } from '@/lib/format';

// The error red of the site's fields, as on the confirmation page: the seat is not theirs.
const ended = 'text-[#a23b22]';

/** Where the place stands, in the visitor's words; a spot taken but not paid for yet says until when it is held. */
function standing(place: WaitlistPlace, booking: BookingConfirmation | undefined) {
  switch (place.state) {
    case 'waiting':
      return {
        tone: 'text-clay-dark',
        label: "You're on the waitlist",
        text: `You're number ${place.position ?? 1} in line. We'll notify you if a spot becomes available, and hold it for you for a while.`,
      };
    case 'offered':
      return {
        tone: 'text-sage',
        label: 'A spot is held for you',
        text: `We're holding a spot for you until ${formatDate(place.offerExpiresAt!)}, ${formatTimeWithZone(place.offerExpiresAt!)}. Take it, or pass it on to the next person.`,
      };
    case 'accepted':
      return booking?.status === 'pending' && booking.holdExpiresAt
        ? {
            tone: 'text-sage',
            label: 'You took the spot',
            text: `Complete the payment to keep it: the spot is held for you until ${formatDate(booking.holdExpiresAt)}, ${formatTimeWithZone(booking.holdExpiresAt)}.`,
          }
        : { tone: 'text-sage', label: 'You took the spot', text: 'The spot is yours: your booking has the details.' };
    case 'declined':
      return { tone: ended, label: 'You passed on the spot', text: 'It has gone to the next person on the waitlist.' };
    case 'lapsed':
      return {
        tone: ended,
        label: 'Your held spot was released',
        text: 'It was not taken in time, so it has gone to the next person on the waitlist.',
      };
    case 'left':
      return { tone: ended, label: 'You left the waitlist', text: "You won't hear from us about this session again." };
    case 'removed':
      return {
        tone: ended,
        label: "You're no longer on the waitlist",
        text: 'Your place was taken off the list. Write to us if you have any questions.',
      };
  }
}

/** The page of a waitlist link: where the person stands, and the offer to take or pass on while it is open. */
export function WaitlistPlacePage() {
  const { token = '' } = useParams();
  const { data: place, isLoading, isError } = useQuery(waitlistPlaceQuery(token));
  // The booking a taken spot made: one still to be paid for is offered its checkout again.
  const { data: booking } = useBooking(place?.state === 'accepted' ? place.bookingId : null);
  useDocumentTitle(place ? standing(place, booking).label : isLoading ? 'Waitlist' : 'Waitlist link not valid');

  if (isLoading) return <LinkPageLoading label="Loading your place on the waitlist" />;
  if (isError || !place) return <LinkNotValid title="This waitlist link is not valid." />;

  const { session } = place;
  const { tone, label, text } = standing(place, booking);
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 md:py-16">
      <div role="status">
        <p className={`text-sm font-semibold uppercase tracking-[0.2em] ${tone}`}>{label}</p>
        <h1 className="mt-3 text-3xl md:text-4xl">{session.title}</h1>
        <p className="mt-3 text-muted">{text}</p>
      </div>
      <SessionFacts
        session={session}
        price={session.price.amount > 0 ? { label: 'Price', value: <PriceText money={session.price} /> } : undefined}
      />
      <PlaceActions token={token} place={place} unpaid={booking?.status === 'pending'} />
    </section>
  );
}

function PlaceActions({ token, place, unpaid }: { token: string; place: WaitlistPlace; unpaid: boolean }) {
  const navigate = useNavigate();
  const { currency } = useCurrency();
  const { accept, decline, leave } = usePlaceActions(token);
  const busy = accept.isPending || decline.isPending || leave.isPending;
  const passOnDialog = useRef<HTMLDialogElement>(null);
  const failed = (fallback: string) => (error: unknown) => toast.error('Error', { description: failureText(error, fallback) });

  const take = async () => {
    try {
      const receipt = await accept.mutateAsync(currency);
      const { booking, checkoutUrl } = receipt;
      rememberManageToken(receipt);
      if (checkoutUrl) window.location.assign(checkoutUrl);
      else void navigate(`/booking-confirmation?bookingId=${encodeURIComponent(booking.id)}`);
    } catch (error) {
      failed('Failed to take the spot. Please try again.')(error);
    }
  };

  if (place.state === 'offered') {
    const paid = place.session.price.amount > 0;
    return (
      <div className="mt-8 flex flex-wrap gap-3">
        <Button onClick={() => void take()} disabled={busy}>
          {accept.isPending ? 'Taking the spot…' : paid ? 'Take the spot and pay' : 'Take the spot'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => passOnDialog.current?.showModal()}>
          Pass it on
        </Button>
        {/* The spot goes to the next person at once: there is no taking it back. */}
        <ConfirmDialog
          dialogRef={passOnDialog}
          title="Pass on this spot?"
          confirmLabel="Pass it on"
          busyLabel="Passing it on…"
          dismissLabel="Keep the spot"
          busy={decline.isPending}
          onConfirm={() =>
            decline.mutate(undefined, {
              onSuccess: () => passOnDialog.current?.close(),
              onError: failed('Failed to pass on the spot. Please try again.'),
            })
          }
        >
          The spot goes to the next person on the waitlist straight away, and you leave the waitlist for this session.
        </ConfirmDialog>
      </div>
    );
  }
  if (place.state === 'waiting') {
    return (
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to={`/sessions/${place.session.id}`} variant="secondary">
          View the session
        </ButtonLink>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() => leave.mutate(undefined, { onError: failed('Failed to leave the waitlist. Please try again.') })}
        >
          {leave.isPending ? 'Leaving…' : 'Leave the waitlist'}
        </Button>
      </div>
    );
  }
  if (place.state === 'accepted' && place.bookingId) {
    // Taking the spot again answers its checkout, kept open while the spot is held. Until it is
    // paid there is no booking to view: its page would say the payment is on its way.
    if (unpaid) {
      return (
        <Button onClick={() => void take()} disabled={busy} className="mt-8">
          {accept.isPending ? 'Opening the payment…' : 'Continue to payment'}
        </Button>
      );
    }
    return (
      <ButtonLink to={`/booking-confirmation?bookingId=${encodeURIComponent(place.bookingId)}`} className="mt-8">
        View your booking
      </ButtonLink>
    );
  }
  return (
    <ButtonLink to="/" className="mt-8">
      Browse other sessions
    </ButtonLink>
  );
}
