import type { ReactNode } from 'react';
import { Fact } from '@/components/ui/fact';
import { formatDate, formatTimeWithZone } from '@/lib/format';

/**
 * The card of a session's date, time and place, with its price when there is one to show. `place`
 * names it in full where the page has more than the summary (a booking's street address, or its
 * joining link).
 */
export function SessionFacts({
  session,
  place,
  price,
}: {
  session: { startTime: string; location: string };
  place?: ReactNode;
  price?: { label: string; value: ReactNode };
}) {
  return (
    <dl className="mt-8 grid gap-4 rounded-2xl border border-linen bg-white p-6 shadow-sm sm:grid-cols-3">
      <Fact label="Date">{formatDate(session.startTime)}</Fact>
      <Fact label="Time">{formatTimeWithZone(session.startTime)}</Fact>
      <Fact label="Location">{place ?? session.location}</Fact>
      {price && <Fact label={price.label}>{price.value}</Fact>}
    </dl>
  );
}
