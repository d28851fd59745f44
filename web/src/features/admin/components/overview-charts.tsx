import type { AdminOverview, OverviewSession, OverviewWeek } from '@schemas/overview';
import { formatMoney } from '@schemas/currency';
import type { Currency } from '@schemas/money';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatTimeWithZone } from '@/lib/format';

// The owner's figures drawn in plain SVG (no chart library in the admin's load). Every chart is
// a figure whose caption says what it shows, with its numbers in a table for screen readers.

const weekLabel = (weekStart: string) =>
  new Date(`${weekStart}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

type WeeklySeries = { title: string; values: number[]; format: (value: number) => string; summary: string };

/** Twelve columns, one a week, the current week last; a week below zero (refunds) hangs under the line. */
function WeeklyColumns({ series, weeks }: { series: WeeklySeries; weeks: OverviewWeek[] }) {
  const top = Math.max(0, ...series.values);
  const bottom = Math.min(0, ...series.values);
  const height = 60;
  // With nothing to draw, the line sits at the bottom, where the columns would stand.
  const zero = top === bottom ? height : (top / (top - bottom)) * height;
  const span = top - bottom || 1;
  const slot = 100 / series.values.length;
  return (
    <figure className="rounded-2xl border border-linen bg-white p-5 shadow-sm">
      <figcaption>
        <h3 className="text-lg">{series.title}</h3>
        <p className="mt-1 text-sm text-muted">{series.summary}</p>
      </figcaption>
      <svg
        viewBox={`0 0 100 ${height}`}
        preserveAspectRatio="none"
        className="mt-4 h-28 w-full overflow-visible"
        aria-hidden="true"
        focusable="false"
      >
        <line x1="0" x2="100" y1={zero} y2={zero} className="stroke-linen" strokeWidth="0.5" vectorEffect="non-scaling-stroke" />
        {series.values.map((value, index) => {
          const size = (Math.abs(value) / span) * height;
          const current = index === series.values.length - 1;
          return (
            <rect
              key={weeks[index].weekStart}
              x={index * slot + slot * 0.18}
              width={slot * 0.64}
              y={value >= 0 ? zero - size : zero}
              height={Math.max(size, value === 0 ? 0 : 0.8)}
              rx="0.8"
              className={value < 0 ? 'fill-clay-dark/60' : current ? 'fill-clay' : 'fill-clay/45'}
            />
          );
        })}
      </svg>
      <div className="mt-2 flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{weekLabel(weeks[0].weekStart)}</span>
        <span>This week</span>
      </div>
      <table className="sr-only">
        <caption>{series.title}, by week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">{series.title}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, index) => (
            <tr key={week.weekStart}>
              <th scope="row">{weekLabel(week.weekStart)}</th>
              <td>{series.format(series.values[index])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The weekly series: bookings, net revenue in each currency taken, package sales, cancellations,
 * and of the attendees marked at check-in, the share who came (by the week their session started).
 */
function weeklySeries(weeks: OverviewWeek[]): WeeklySeries[] {
  const counted = (title: string, pick: (week: OverviewWeek) => number, one: string, many: string): WeeklySeries => {
    const values = weeks.map(pick);
    return {
      title,
      values,
      format: (value) => plural(value, one, many),
      summary: `${plural(sum(values), one, many)} in 12 weeks`,
    };
  };
  const currencies = [...new Set(weeks.flatMap((week) => week.revenue.map((money) => money.currency)))] as Currency[];
  const revenue = currencies.map((currency): WeeklySeries => {
    const values = weeks.map((week) => week.revenue.find((money) => money.currency === currency)?.amount ?? 0);
    const format = (amount: number) => formatMoney({ amount, currency });
    return {
      title: `Revenue (${currency})`,
      values,
      format,
      summary: `${format(sum(values))} in 12 weeks after refunds, ${format(values.at(-1)!)} this week`,
    };
  });
  const marked = (week: OverviewWeek) => week.attended + week.noShows;
  const attendanceRate = (week: OverviewWeek) => (marked(week) ? Math.round((100 * week.attended) / marked(week)) : 0);
  const attended = sum(weeks.map((week) => week.attended));
  const checked = sum(weeks.map(marked));
  const attendance: WeeklySeries = {
    title: 'Attendance',
    values: weeks.map(attendanceRate),
    format: (rate) => `${rate}%`,
    summary: checked
      ? `${Math.round((100 * attended) / checked)}% of ${plural(checked, 'attendee', 'attendees')} checked in came, in 12 weeks`
      : 'Nobody checked in yet in 12 weeks',
  };
  return [
    counted('Bookings', (week) => week.bookings, 'booking', 'bookings'),
    ...(revenue.length
      ? revenue
      : [{ title: 'Revenue', values: weeks.map(() => 0), format: () => 'Nothing taken', summary: 'Nothing taken in 12 weeks' }]),
    counted('Package sales', (week) => week.packageSales, 'sale', 'sales'),
    counted('Cancellations', (week) => week.cancellations, 'cancellation', 'cancellations'),
    attendance,
  ];
}

/** How full a session is: booked, then taken but not yet booked (a checkout, a seat kept for the waitlist). */
function SeatsFilled({ session }: { session: OverviewSession }) {
  const { seatsBooked, seatsPending, capacity, waitlistCount } = session;
  const share = (seats: number) => `${capacity ? Math.min(100, (seats / capacity) * 100) : 0}%`;
  const facts = [
    capacity === null ? `${seatsBooked} booked, no limit` : `${seatsBooked} of ${capacity} booked`,
    seatsPending > 0 && `${seatsPending} pending`,
    waitlistCount > 0 && `${waitlistCount} waiting`,
  ].filter(Boolean);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-medium">{session.title}</p>
        <p className="text-sm text-muted">
          {formatDate(session.startTime)}, {formatTimeWithZone(session.startTime)}
        </p>
      </div>
      {capacity !== null && (
        <div className="mt-2 flex h-2.5 overflow-hidden rounded-full bg-sand" aria-hidden="true">
          <div className="bg-sage" style={{ width: share(seatsBooked) }} />
          <div className="bg-sage/40" style={{ width: share(seatsPending) }} />
        </div>
      )}
      <p className="mt-1.5 text-sm text-muted">{facts.join(' · ')}</p>
    </li>
  );
}

export function OverviewFigures({ overview }: { overview: AdminOverview }) {
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="upcoming-figures" className="rounded-2xl border border-linen bg-white p-5 shadow-sm">
        <h2 id="upcoming-figures" className="text-xl">
          Seats filled
        </h2>
        {overview.upcoming.length ? (
          <ul className="mt-2 divide-y divide-linen">
            {overview.upcoming.map((session) => (
              <SeatsFilled key={session.id} session={session} />
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted">No upcoming sessions scheduled.</p>
        )}
      </section>
      <section aria-labelledby="weekly-figures">
        <h2 id="weekly-figures" className="text-xl">
          The last 12 weeks
        </h2>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {weeklySeries(overview.weeks).map((series) => (
            <WeeklyColumns key={series.title} series={series} weeks={overview.weeks} />
          ))}
        </div>
      </section>
    </div>
  );
}

export function OverviewFiguresSkeleton() {
  return (
    <div className="flex flex-col gap-8" aria-busy="true" aria-label="Loading the figures">
      <Skeleton className="h-48 w-full rounded-2xl" />
      <div className="grid gap-4 md:grid-cols-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-52 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}
