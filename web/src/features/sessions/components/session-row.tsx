import { Link } from 'react-router';
import type { SessionView } from '@schemas/session';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { PriceText } from '@/features/currency/price-text';
import { DateBlock } from '@/components/ui/date-block';
import { formatDuration, formatTimeWithZone } from '@/lib/format';

function SeatsBadge({ session }: { session: SessionView }) {
  if (session.soldOut) return <Badge tone="alert">SOLD OUT</Badge>;
  if (session.seatsLeft !== null && session.seatsLeft <= 3) return <Badge tone="clay">{session.seatsLeft} left</Badge>;
  return null;
}

/** The category, the series a date belongs to, and when seats are short, how many are left. */
function SessionTags({ session }: { session: SessionView }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {session.category && <span className="text-xs font-semibold uppercase tracking-wider text-sage">{session.category}</span>}
      {session.series && <span className="text-xs text-muted">{session.series.description}</span>}
      <SeatsBadge session={session} />
    </div>
  );
}

/** A session as a card on small screens. */
export function SessionCard({ session }: { session: SessionView }) {
  return (
    <li className="rounded-2xl border border-linen bg-white p-4 shadow-sm">
      <Link to={`/sessions/${session.id}`} className="flex gap-4 rounded-xl">
        <DateBlock startTime={session.startTime} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <SessionTags session={session} />
          <h3 className="text-lg leading-snug text-ink">{session.title}</h3>
          <p className="text-sm text-muted">
            {formatTimeWithZone(session.startTime)} · {formatDuration(session.durationMinutes)}
          </p>
          <p className="text-sm text-muted">{session.location}</p>
          <p className="mt-1 font-semibold text-ink">
            <PriceText money={session.price} />
          </p>
        </div>
      </Link>
    </li>
  );
}

/** A session as a table row on larger screens. */
export function SessionTableRow({ session }: { session: SessionView }) {
  return (
    <tr className="border-t border-linen align-middle">
      <td className="py-4 pr-4">
        <DateBlock startTime={session.startTime} />
      </td>
      <td className="py-4 pr-4">
        <div className="flex flex-col gap-1">
          <SessionTags session={session} />
          <Link to={`/sessions/${session.id}`} className="font-serif text-lg text-ink hover:text-clay-dark">
            {session.title}
          </Link>
        </div>
      </td>
      <td className="py-4 pr-4 text-sm text-muted whitespace-nowrap">
        {formatTimeWithZone(session.startTime)}
        <br />
        {formatDuration(session.durationMinutes)}
      </td>
      <td className="py-4 pr-4 text-sm text-muted">{session.location}</td>
      <td className="py-4 pr-4 font-semibold whitespace-nowrap">
        <PriceText money={session.price} />
      </td>
      <td className="py-4 text-right">
        <Link
          to={`/sessions/${session.id}`}
          className={buttonClass({ size: 'sm', variant: session.soldOut ? 'secondary' : 'primary' })}
          // The visible word first (WCAG 2.5.3), so 'click Book' works by voice.
          aria-label={`${session.soldOut ? 'View' : 'Book'} ${session.title}`}
        >
          {session.soldOut ? 'View' : 'Book'}
        </Link>
      </td>
    </tr>
  );
}
