import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { PublicResource } from '@schemas/resource';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Skeleton } from '@/components/ui/skeleton';
import { resourcesQuery } from '@/features/resources/api/resources';
import { PriceText } from '@/features/currency/price-text';
import { ResourceVideoItem } from '@/features/resources/components/resource-video';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** How long typing rests before the search runs (and the address shows it). */
const SEARCH_DELAY_MS = 250;

/** /resources: the learning resources, searchable by title, description and category, each with its videos in order. */
export function ResourcesPage() {
  useDocumentTitle('Resources');
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() ?? '';
  const [typed, setTyped] = useState(search);
  const { data, isLoading, isError, refetch } = useQuery(resourcesQuery(search));

  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = setTimeout(() => setParams(next ? { q: next } : {}, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search, setParams]);

  const resources = data?.resources;
  return (
    <>
      <section className="mx-auto max-w-4xl px-4 pb-8 pt-12 md:px-6 md:pt-16">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-clay-dark">Learning resources</p>
        <h1 className="mt-4 text-4xl leading-tight text-ink md:text-5xl">Practices to keep with you</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">
          Short guided videos and notes to return to between sessions, at your own pace.
        </p>
        <form role="search" className="mt-8" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="resource-search" className="text-sm font-medium text-ink">
            Search resources
          </label>
          <div className="relative mt-1.5 max-w-xl">
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted">
              <Icon path="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4" />
            </span>
            <input
              id="resource-search"
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              placeholder="Title, description or category"
              autoComplete="off"
              className="h-12 w-full rounded-full border border-linen bg-white pl-11 pr-4 text-base text-ink placeholder:text-muted/80"
            />
          </div>
        </form>
      </section>

      <section aria-label="Resources" className="mx-auto max-w-4xl px-4 md:px-6">
        <p aria-live="polite" className="sr-only">
          {resources && (resources.length === 1 ? '1 resource found' : `${resources.length} resources found`)}
        </p>
        {isLoading ? (
          <ResourcesSkeleton />
        ) : isError || !resources ? (
          <div role="alert" className="rounded-2xl bg-sand p-6">
            <p>The resources could not be loaded just now.</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : resources.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-linen bg-white/60 px-6 py-12 text-center text-muted">
            <p className="text-lg text-ink">No resources found</p>
            {search && (
              <>
                <p className="text-sm">Nothing matches “{search}”. Try another word, or see them all.</p>
                <Button variant="secondary" size="sm" onClick={() => setTyped('')}>
                  Show all resources
                </Button>
              </>
            )}
          </div>
        ) : (
          <ul className="flex flex-col gap-6">
            {resources.map((resource) => (
              <ResourceCard key={resource.id} resource={resource} onExpired={() => void refetch()} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ResourceCard({ resource, onExpired }: { resource: PublicResource; onExpired: () => void }) {
  const headingId = `resource-${resource.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-3xl border border-linen bg-white p-5 shadow-sm md:p-8">
        <div className="flex flex-wrap items-center gap-2">
          {resource.category && <Badge tone="sage">{resource.category}</Badge>}
          {resource.price && (
            <span className="text-sm font-medium text-muted">
              <PriceText money={resource.price} />
            </span>
          )}
        </div>
        <h2 id={headingId} className="mt-3 text-2xl text-ink md:text-3xl">
          {resource.title}
        </h2>
        {resource.description && <p className="mt-3 whitespace-pre-line text-muted">{resource.description}</p>}
        {resource.videos.length > 0 && (
          <>
            <h3 className="mt-6 font-sans text-xs font-semibold uppercase tracking-[0.2em] text-muted">
              {resource.videos.length === 1 ? '1 video' : `${resource.videos.length} videos`}
            </h3>
            <ol aria-label={`Videos of ${resource.title}`} className="mt-3 grid gap-5 md:grid-cols-2">
              {resource.videos.map((video) => (
                <ResourceVideoItem key={`${video.orderIndex}`} video={video} onExpired={onExpired} />
              ))}
            </ol>
          </>
        )}
      </article>
    </li>
  );
}

function ResourcesSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading resources" className="flex flex-col gap-6">
      {[0, 1].map((i) => (
        <li key={i} className="rounded-3xl border border-linen bg-white p-5 md:p-8">
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="mt-4 h-8 w-2/3" />
          <Skeleton className="mt-3 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-4/5" />
          <div className="mt-6 grid gap-5 md:grid-cols-2">
            <Skeleton className="aspect-video w-full rounded-xl" />
            <Skeleton className="aspect-video w-full rounded-xl" />
          </div>
        </li>
      ))}
    </ul>
  );
}
