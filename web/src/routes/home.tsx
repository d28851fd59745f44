import { useEffect, useState } from 'react';
import { useUpcomingSessions } from '@/features/sessions/api/sessions';
import { SessionList } from '@/features/sessions/components/session-list';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function HomePage() {
  useDocumentTitle();
  const { data: sessions, isLoading } = useUpcomingSessions();
  const hasFeatured = sessions?.some((s) => s.featured);
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 pb-10 pt-12 md:px-6 md:pt-20">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-clay-dark">Breathwork · online and in person</p>
        <h1 className="mt-4 max-w-3xl text-4xl leading-tight text-ink md:text-6xl">
          Slow down, breathe, and come home to yourself.
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-muted">
          Guided breathwork for every stage of life, in small groups. Our monthly live session runs on the first Tuesday of each
          month.
        </p>
      </section>

      {(isLoading || hasFeatured) && (
        <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 pb-12 md:px-6">
          <h2 id="featured-heading" className="mb-5 text-2xl text-ink">
            Featured
          </h2>
          <SessionList sessions={sessions} isLoading={isLoading} featuredOnly limit={2} />
        </section>
      )}

      <section id="schedule" aria-labelledby="schedule-heading" className="mx-auto max-w-6xl scroll-mt-20 px-4 md:px-6">
        <h2 id="schedule-heading" className="mb-5 text-sm font-semibold tracking-[0.2em] text-muted">
          UPCOMING SESSIONS
        </h2>
        <SessionList sessions={sessions} isLoading={isLoading} showFilters />
        <SubscribeToSchedule />
      </section>
    </>
  );
}

/**
 * The schedule as a calendar to subscribe to. The page is rendered ahead without the address it is
 * served at, so the link is the feed's own until the browser makes it a webcal: one, which asks the
 * visitor's calendar app to subscribe (it then reads the schedule again every few hours).
 */
function SubscribeToSchedule() {
  const [href, setHref] = useState(FEED_PATH);
  useEffect(() => setHref(`webcal://${window.location.host}${FEED_PATH}`), []);
  return (
    <p className="mt-6 text-sm text-muted">
      <a href={href} className="font-medium text-clay-dark underline">
        Subscribe to the schedule
      </a>{' '}
      in your calendar: new sessions appear there as they are announced.
    </p>
  );
}

const FEED_PATH = '/api/calendar.ics';
