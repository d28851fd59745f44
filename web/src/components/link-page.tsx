import { ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** A page opened from an e-mailed link, loading. */
export function LinkPageLoading({ label }: { label: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16" aria-busy="true" aria-label={label}>
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-4 h-10 w-2/3" />
      <Skeleton className="mt-6 h-40 w-full rounded-2xl" />
    </div>
  );
}

/** An e-mailed link that names nothing, or whose secret is wrong: said plainly, with a way on. */
export function LinkNotValid({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl">{title}</h1>
      <p className="mt-3 text-muted">Check that the whole link from your e-mail was opened.</p>
      <ButtonLink to="/" className="mt-8">
        Browse sessions
      </ButtonLink>
    </section>
  );
}
