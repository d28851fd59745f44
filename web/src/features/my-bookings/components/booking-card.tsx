import { useId, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { cancellationTerms } from '@schemas/booking';
import type { MemberBookingSummary } from '@schemas/member';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { Button, ButtonLink, buttonClass } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatTime, timeZoneName } from '@/lib/format';
import { memberKey } from '@/lib/query-keys';
import { JoiningLink } from '@/components/joining-link';
import { myBookingQuery } from '../api/my-bookings';
import { CancelBooking } from './cancel-booking';

const icons = {
  calendar: 'M8 3v4M16 3v4M4 10h16M6 5h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z',
  clock: 'M12 7v5l3 2M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z',
  place: 'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 8a2 2 0 1 0 0 4a2 2 0 0 0 0-4z',
  online: 'M15 10l5-3v10l-5-3M4 7h11v10H4z',
  play: 'M8 5v14l11-7z',
};

function Fact({ icon, children }: { icon: keyof typeof icons; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2 text-sm text-muted [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-clay">
      <Icon path={icons[icon]} />
      <span>{children}</span>
    </li>
  );
}

/**
 * One booking as a card. The list answers the booking's snapshot (title, times, place); the
 * description and whether the session has a recording come from the booking's own route, read
 * when the member opens the card's details, so a page of cards costs one request.
 */
export function BookingCard({ booking, userId }: { booking: MemberBookingSummary; userId: string }) {
  const { session } = booking;
  const [open, setOpen] = useState(false);
  const [now] = useState(() => new Date());
  const queryClient = useQueryClient();
  const detailsId = useId();
  const titleId = useId();
  const online = session.locationType === 'online';

  return (
    <li className="rounded-2xl border border-linen bg-white p-5 shadow-sm md:p-6">
      <article aria-labelledby={titleId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {session.category && <p className="text-xs font-semibold uppercase tracking-wider text-sage">{session.category}</p>}
            <h3 id={titleId} className="mt-1 text-xl leading-snug text-ink">
              {session.title}
            </h3>
          </div>
          <BookingStatusBadge status={booking.status} session={session} />
        </div>
        <ul className="grid gap-2 sm:grid-cols-3">
          <Fact icon="calendar">{formatDate(session.startTime)}</Fact>
          <Fact icon="clock">
            {formatTime(session.startTime)} – {formatTime(session.endTime)} {timeZoneName(session.startTime)}
          </Fact>
          <Fact icon={online ? 'online' : 'place'}>{online ? 'Online' : session.location}</Fact>
        </ul>
        {/* Once the session has started there is nothing left to cancel, nor to say about it. */}
        {session.startTime > now.toISOString() && (
          <CancelBooking
            booking={booking}
            terms={cancellationTerms(booking, now)}
            onCancelled={() => queryClient.invalidateQueries({ queryKey: memberKey(userId) })}
          />
        )}
        {booking.checkoutUrl && (
          // Stripe's own page: a plain link, as the member leaves the site to pay.
          <a href={booking.checkoutUrl} className={buttonClass({ size: 'sm', className: 'self-start' })}>
            Complete payment
          </a>
        )}
        <div>
          <Button
            variant="ghost"
            size="sm"
            className="-ml-3.5 text-clay-dark"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((was) => !was)}
          >
            {open ? 'Hide details' : 'Show details'}
            <span className={`transition-transform [&_svg]:size-4 ${open ? 'rotate-180' : ''}`}>
              <Icon path="M6 9l6 6 6-6" />
            </span>
          </Button>
          <div id={detailsId} hidden={!open}>
            {open && <BookingDetails booking={booking} userId={userId} />}
          </div>
        </div>
      </article>
    </li>
  );
}

function BookingDetails({ booking, userId }: { booking: MemberBookingSummary; userId: string }) {
  const { data, isPending, isError, refetch } = useQuery(myBookingQuery(userId, booking.id));
  if (isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the session's details" className="mt-2 flex flex-col gap-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-4/5" />
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="mt-2 flex flex-wrap items-center gap-3 text-sm text-muted">
        The session&apos;s details could not be loaded just now.
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { session } = data;
  return (
    <div className="mt-2 flex flex-col gap-4 border-t border-linen pt-4">
      <p className="whitespace-pre-line text-ink/90">{session.description}</p>
      {(data.joinLink ?? data.joinLinkFrom) && (
        <p className="text-sm">
          <JoiningLink joinLink={data.joinLink} joinLinkFrom={data.joinLinkFrom} otherwise={null} />
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {data.status === 'completed' && session.hasRecording ? (
          // The recording plays on the session's own page (its address is never sent to this list).
          <ButtonLink to={`/sessions/${session.id}`} size="sm">
            <span className="[&_svg]:size-4">
              <Icon path={icons.play} />
            </span>
            Watch Recording
          </ButtonLink>
        ) : (
          <ButtonLink to={`/sessions/${session.id}`} variant="secondary" size="sm">
            View Session
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
