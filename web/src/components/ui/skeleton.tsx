export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-linen/70 ${className}`} />;
}

/** Placeholder rows for a list of cards while it loads: an image block and three lines of text each. */
export function CardListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <ul aria-busy="true" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex gap-4 rounded-2xl border border-linen bg-white p-4">
          <Skeleton className="h-20 w-16 shrink-0 rounded-xl" />
          <div className="flex flex-1 flex-col gap-2 py-1">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}
