import { dateParts } from '@/lib/format';

/** A calendar leaf: month, day and year of a session's start. */
export function DateBlock({ startTime }: { startTime: string }) {
  const { month, day, year } = dateParts(startTime);
  return (
    <div className="flex w-16 shrink-0 flex-col self-start items-center rounded-xl bg-sand py-2 text-center">
      <span className="text-xs font-semibold uppercase tracking-wider text-clay-dark">{month}</span>
      <span className="font-serif text-2xl leading-tight text-ink">{day}</span>
      <span className="text-xs text-muted">{year}</span>
    </div>
  );
}
