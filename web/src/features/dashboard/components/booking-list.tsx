import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MemberBookingSummary } from '@schemas/member';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { DateBlock } from '@/components/ui/date-block';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { formatDuration, formatTimeWithZone } from '@/lib/format';

type Booking = MemberBookingSummary;

const minutesOf = ({ startTime, endTime }: Booking['session']) =>
  Math.max(0, Math.round((Date.parse(endTime) - Date.parse(startTime)) / 60_000));

/** '7:00 PM GMT · 1h 30min' */
function timeText(session: Booking['session']) {
  return `${formatTimeWithZone(session.startTime)} · ${formatDuration(minutesOf(session))}`;
}

/** The session's category, and 'Attended' once the teacher checked the member in. */
function Category({ session, attended = false }: { session: Booking['session']; attended?: boolean }) {
  if (!session.category && !attended) return null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {session.category && <span className="text-xs font-semibold uppercase tracking-wider text-sage">{session.category}</span>}
      {attended && <Badge tone="success">Attended</Badge>}
    </span>
  );
}

/** The empty-state card (docs/product.md#empty-states), with an optional way on. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-linen bg-white/60 px-6 py-12 text-center text-muted">
      <p>{message}</p>
      {children}
    </div>
  );
}

/** A member's booked sessions: cards on phones, table rows on larger screens, as the schedule shows them. */
export function BookingList({ bookings, label }: { bookings: Booking[]; label: string }) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <ul className="flex flex-col gap-3" aria-label={label}>
        {bookings.map(({ id, session, attended }) => (
          <li key={id} className="rounded-2xl border border-linen bg-white p-4 shadow-sm">
            <Link to={`/sessions/${session.id}`} className="flex gap-4 rounded-xl">
              <DateBlock startTime={session.startTime} />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <Category session={session} attended={attended} />
                <h3 className="text-lg leading-snug text-ink">{session.title}</h3>
                <p className="text-sm text-muted">{timeText(session)}</p>
                <p className="text-sm text-muted">{session.location}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="rounded-2xl border border-linen bg-white px-6 shadow-sm">
      <table className="w-full table-fixed border-collapse text-left">
        <colgroup>
          <col className="w-24" />
          <col />
          <col className="w-36" />
          <col className="w-44" />
          <col className="w-20" />
        </colgroup>
        <caption className="sr-only">{label}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Session</th>
            <th scope="col">Time</th>
            <th scope="col">Location</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody className="[&>tr:first-child]:border-t-0">
          {bookings.map(({ id, session, attended }) => (
            <tr key={id} className="border-t border-linen align-middle">
              <td className="py-4 pr-4">
                <DateBlock startTime={session.startTime} />
              </td>
              <td className="py-4 pr-4">
                <div className="flex flex-col gap-1">
                  <Category session={session} attended={attended} />
                  <span className="font-serif text-lg text-ink">{session.title}</span>
                </div>
              </td>
              <td className="py-4 pr-4 text-sm text-muted">
                {formatTimeWithZone(session.startTime)}
                <br />
                {formatDuration(minutesOf(session))}
              </td>
              <td className="py-4 pr-4 text-sm text-muted">{session.location}</td>
              <td className="py-4 text-right">
                <Link
                  to={`/sessions/${session.id}`}
                  className={buttonClass({ size: 'sm', variant: 'secondary' })}
                  aria-label={`View ${session.title}`}
                >
                  View
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The dashboard cards' short list: date, title, time and place, each a link to the session. */
export function BookingPreviewList({ bookings, label }: { bookings: Booking[]; label: string }) {
  return (
    <ul className="flex flex-col divide-y divide-linen" aria-label={label}>
      {bookings.map(({ id, session }) => (
        <li key={id} className="py-3 first:pt-0 last:pb-0">
          <Link to={`/sessions/${session.id}`} className="group flex gap-3 rounded-xl">
            <DateBlock startTime={session.startTime} />
            <div className="flex min-w-0 flex-col gap-0.5">
              <Category session={session} />
              <span className="font-serif text-base leading-snug text-ink group-hover:text-clay-dark">{session.title}</span>
              <span className="text-sm text-muted">{formatTimeWithZone(session.startTime)}</span>
              <span className="truncate text-sm text-muted">{session.location}</span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
