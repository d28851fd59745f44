import { useSearchParams } from 'react-router';
import type { BookingView } from '@schemas/booking';
import { ButtonLink, buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Fact } from '@/components/ui/fact';
import { useBooking } from '@/features/bookings/api/bookings';
import { ShareButton } from '@/features/sessions/components/share-button';
import { formatDate, formatTime, timeZoneName } from '@/lib/format';

const calendarStamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function googleCalendarUrl(booking: BookingView): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: booking.session.title,
    dates: `${calendarStamp(booking.session.startTime)}/${calendarStamp(booking.session.endTime)}`,
    location: booking.session.location,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

export function BookingConfirmationPage() {
  const [params] = useSearchParams();
  const bookingId = params.get('bookingId');
  const { data: booking, isLoading } = useBooking(bookingId);

  if (isLoading) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16" aria-busy="true" aria-label="Loading booking">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="mt-6 h-40 w-full rounded-2xl" />
      </div>
    );
  }
  // The spec: with no booking found, the page renders nothing.
  if (!booking) return null;

  const { session } = booking;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 md:py-16">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-sage">Booking confirmed</p>
      <h1 className="mt-3 text-3xl md:text-4xl">{session.title}</h1>
      <p className="mt-3 text-muted">A confirmation e-mail with a calendar invite is on its way.</p>
      <dl className="mt-8 grid gap-4 rounded-2xl border border-linen bg-white p-6 shadow-sm sm:grid-cols-3">
        <Fact label="Date">{formatDate(session.startTime)}</Fact>
        <Fact label="Time">
          {formatTime(session.startTime)} {timeZoneName(session.startTime)}
        </Fact>
        <Fact label="Location">{session.location}</Fact>
      </dl>
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
        <ShareButton title={session.title} url={`${window.location.origin}/sessions/${session.id}`} label="Share Booking" />
        <ButtonLink to="/dashboard/bookings">View My Bookings</ButtonLink>
      </div>
    </section>
  );
}
