import { Skeleton } from '@/components/ui/skeleton';

/**
 * While a page's data loads on the first visit (its route loader runs before it renders). It fills
 * the screen, so the footer waits below it rather than jumping down when the page arrives.
 */
export function PageLoading() {
  return (
    <div className="mx-auto min-h-screen max-w-md px-4 py-16" aria-busy="true" aria-label="Loading">
      <Skeleton className="mx-auto h-10 w-2/3" />
      <Skeleton className="mt-8 h-72 w-full rounded-2xl" />
    </div>
  );
}
