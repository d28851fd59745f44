import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { cancellationTerms, type BookingConfirmation } from '@schemas/booking';
import { formatMoney } from '@schemas/currency';
import { Button, ButtonLink, buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { SessionFacts } from '@/components/session-facts';
import { useBooking } from '@/features/bookings/api/bookings';
import { manageTokenOf } from '@/features/bookings/manage-links';
import { useSignIn } from '@/features/auth/sign-in';
import { ShareButton } from '@/features/sessions/components/share-button';
import { formatDate, formatTimeWithZone } from '@/lib/format';
import { useDocumentTitle } from '@/hooks/use-document-title';

const calendarStamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function googleCalendarUrl(booking: BookingConfirmation): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: booking.session.title,
    dates: `${calendarStamp(booking.session.startTime)}/${calendarStamp(booking.session.endTime)}`,
    location: booking.session.place,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

/**
 * Where the session is: the full address of one in person. Anyone holding the booking's id can
 * open this page, so an online session's joining link stays in the attendee's own e-mail.
 */
function Place({ booking: { status, session } }: { booking: BookingConfirmation }) {
  if (session.locationType !== 'online' || status !== 'completed') return session.place;
  return (
    <>
      <span>{session.place}</span>
      <span className="mt-1 block text-sm text-muted">The joining link comes to you by e-mail.</span>
    </>
  );
}

// The error red of the site's fields: the seat is not the visitor's.
const released = 'text-[#a23b22]';

/** Where the booking stands, in the visitor's words: a paid booking waits for its payment first. */
function outcome(booking: BookingConfirmation) {
  if (booking.status === 'completed') {
    return { tone: 'text-sage', label: 'Booking confirmed', text: 'A confirmation e-mail with a calendar invite is on its way.' };
  }
  if (booking.status === 'pending' && booking.price.amount === 0) {
    const until = booking.holdExpiresAt ? ` before ${formatTimeWithZone(booking.holdExpiresAt)}` : '';
    return {
      tone: 'text-clay-dark',
      label: 'Check your e-mail',
      text: `We've e-mailed you a link: follow it${until} to confirm your place, or the seat goes back to others. This page updates by itself.`,
    };
  }
  if (booking.status === 'pending') {
    const hold = booking.holdExpiresAt ? ` Your seat is held until ${formatTimeWithZone(booking.holdExpiresAt)}.` : '';
    return {
      tone: 'text-clay-dark',
      label: 'Payment pending',
      text: `We're waiting for your payment to be confirmed.${hold} This page updates by itself.`,
    };
  }
  if (booking.paymentStatus === 'refunded') {
    return {
      tone: released,
      label: 'Payment refunded',
      text: "Your payment arrived after the seat was released, so it has been refunded in full. We've e-mailed you the details.",
    };
  }
  if (booking.paymentStatus === 'failed') {
    return { tone: released, label: 'Payment failed', text: "Your payment didn't go through, so the seat was released." };
  }
  return { tone: released, label: 'Booking cancelled', text: 'Your checkout expired and the seat was released.' };
}

export function BookingConfirmationPage() {
  const [params] = useSearchParams();
  const bookingId = params.get('bookingId');
  // Asked again every 2 s while the booking waits for its payment.
  const { data: booking, isLoading } = useBooking(bookingId);
  // Where the booking stands ('Booking confirmed', 'Payment pending'...), as the page's heading line says.
  useDocumentTitle(booking ? outcome(booking).label : 'Booking');

  if (isLoading) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16" aria-busy="true" aria-label="Loading booking">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="mt-6 h-40 w-full rounded-2xl" />
      </div>
    );
  }
  // With no booking found, the page renders nothing (docs/product.md#booking).
  if (!booking) return null;

  const { session } = booking;
  const { tone, label, text } = outcome(booking);
  const terms = cancellationTerms(booking, new Date());
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 md:py-16">
      {/* One live region for every state, so the change from pending is read out when it comes. */}
      <div role="status">
        <p className={`flex items-center gap-2 text-sm font-semibold uppercase tracking-[0.2em] ${tone}`}>
          {booking.status === 'pending' && <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-current" />}
          {label}
        </p>
        <h1 className="mt-3 text-3xl md:text-4xl">{session.title}</h1>
        <p className="mt-3 text-muted">{text}</p>
      </div>
      <SessionFacts
        session={session}
        place={<Place booking={booking} />}
        price={
          booking.price.amount > 0
            ? { label: booking.paymentStatus === 'paid' ? 'Paid' : 'Price', value: formatMoney(booking.price) }
            : undefined
        }
      />
      {terms.closed === null && (
        <p className="mt-4 text-sm text-muted">
          Free cancellation until {formatDate(terms.until)}, {formatTimeWithZone(terms.until)}.
        </p>
      )}
      {booking.status === 'completed' && (
        <div className="mt-8 flex flex-wrap gap-3">
          <a
            href={googleCalendarUrl(booking)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: 'secondary' })}
          >
            Google Calendar
          </a>
          <a href={`/api/bookings/${encodeURIComponent(booking.id)}/calendar`} className={buttonClass({ variant: 'secondary' })}>
            Apple Calendar
          </a>
          <ShareButton
            title={session.title}
            path={`/sessions/${encodeURIComponent(session.id)}`}
            sendPath={`/bookings/${encodeURIComponent(booking.id)}/share`}
            label="Share Booking"
          />
          <MyBookingsLink bookingId={booking.id} />
        </div>
      )}
      {booking.status === 'cancelled' && (
        <ButtonLink to={`/sessions/${session.id}`} className="mt-8">
          Back to the session
        </ButtonLink>
      )}
    </section>
  );
}

/**
 * 'View My Bookings': a member's own list; a guest's booking page, by the link this browser
 * kept when booking. On another device the booking's id is all this page has, which must not be
 * enough to manage it: it says where the link is (their e-mail) and offers an account.
 */
function MyBookingsLink({ bookingId }: { bookingId: string }) {
  const auth = useSignIn();
  if (auth.status === 'signed-in') return <ButtonLink to="/dashboard/bookings">View My Bookings</ButtonLink>;
  if (auth.status !== 'signed-out') return null;
  const token = manageTokenOf(bookingId);
  if (token) return <ButtonLink to={`/manage/${token}`}>View My Bookings</ButtonLink>;
  return <AccountOffer />;
}

/** The address the guest booked with, to set up an account that gathers their bookings. */
function AccountOffer() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(`/setup-account?email=${encodeURIComponent(email.trim())}`);
  };
  return (
    <aside aria-labelledby="account-offer-heading" className="basis-full rounded-2xl bg-sand p-6">
      <h2 id="account-offer-heading" className="text-xl">
        Managing this booking
      </h2>
      <p className="mt-2 text-sm text-muted">
        Your confirmation e-mail has a &lsquo;Manage booking&rsquo; link to see or cancel it. Create an account with the address
        you booked with, and all your bookings are on your dashboard.
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:flex-1">
          <Field
            label="Email"
            name="account-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          Create an account
        </Button>
      </form>
    </aside>
  );
}
