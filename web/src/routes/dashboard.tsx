import type { ReactNode } from 'react';
import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { MemberBookingsPage } from '@schemas/member';
import type { RecordingView } from '@schemas/recording';
import { Button, ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Badge } from '@/components/ui/badge';
import { meQuery, profileOf } from '@/features/auth/api/me';
import { requireMember } from '@/features/auth/require-member';
import { myBookingsPreviewQuery } from '@/features/dashboard/api/my-bookings';
import { BookingPreviewList } from '@/features/dashboard/components/booking-list';
import { recordingsQuery } from '@/features/recordings/api/recordings';
import { RecordingPreviewList, RecordingPreviewSkeleton } from '@/features/recordings/components/recording-preview-list';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Member only; the profile and both short lists load with the page's code. */
export const dashboardLoader = (queryClient: QueryClient) => async (args: LoaderFunctionArgs) => {
  const user = await requireMember(args);
  // A failed list shows its own error and retry in its card, not the router's error page.
  await Promise.allSettled([
    queryClient.ensureQueryData(meQuery(user.id)),
    queryClient.ensureQueryData(myBookingsPreviewQuery(user.id, 'upcoming')),
    queryClient.ensureQueryData(myBookingsPreviewQuery(user.id, 'past')),
    queryClient.ensureQueryData(recordingsQuery(user.id)),
  ]);
  return { userId: user.id };
};

export function DashboardPage() {
  const { userId } = useLoaderData<{ userId: string }>();
  const { data: me, isLoading, isError, refetch } = useQuery(meQuery(userId));
  const upcoming = useQuery(myBookingsPreviewQuery(userId, 'upcoming'));
  const past = useQuery(myBookingsPreviewQuery(userId, 'past'));
  const recordings = useQuery(recordingsQuery(userId));
  useDocumentTitle('Dashboard');

  return (
    <section aria-labelledby="dashboard-heading">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-sage">Dashboard</p>
      {isLoading ? (
        <div aria-busy="true" aria-label="Loading your profile">
          <Skeleton className="mt-3 h-10 w-72 max-w-full" />
          <Skeleton className="mt-3 h-6 w-40" />
        </div>
      ) : isError || !me ? (
        <div role="alert" className="mt-3">
          <h1 id="dashboard-heading" className="text-3xl md:text-4xl">
            Welcome
          </h1>
          <p className="mt-2 text-muted">Your profile could not be loaded just now.</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Welcome {...profileOf(me)} />
      )}

      <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <Card id="upcoming" title="Upcoming Sessions" to="/dashboard/sessions">
          <Bookings
            query={upcoming}
            label="Your upcoming sessions"
            empty="No upcoming sessions booked."
            action={{ to: '/#schedule', label: 'Browse Sessions' }}
          />
        </Card>
        <Card id="past" title="Past Sessions" to="/dashboard/past-sessions">
          <Bookings query={past} label="Your past sessions" empty="No past sessions available." />
        </Card>
        <Card id="resources" title="My Resources" to="/dashboard/resources">
          <Resources query={recordings} />
        </Card>
      </div>
    </section>
  );
}

function Welcome({ fullName, subscriptionStatus }: { fullName: string; subscriptionStatus: string }) {
  return (
    <>
      <h1 id="dashboard-heading" className="mt-3 text-3xl md:text-4xl">
        Welcome, {fullName}
      </h1>
      <p className="mt-3 flex items-center gap-2 text-muted">
        Subscription <Badge tone="sage">{subscriptionStatus}</Badge>
      </p>
    </>
  );
}

/** A dashboard card: its heading, its content, and a link to its own page. */
function Card({ id, title, to, children }: { id: string; title: string; to: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col rounded-2xl border border-linen bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl">
        {title}
      </h2>
      <div className="mt-4 flex-1">{children}</div>
      <Link
        to={to}
        className="mt-5 self-start rounded-full text-sm font-medium text-clay-dark underline-offset-4 hover:underline"
      >
        View all<span className="sr-only"> {title.toLowerCase()}</span> <span aria-hidden="true">→</span>
      </Link>
    </section>
  );
}

/** A card's list that failed to load: what failed, and a way to try again. */
function RetryList({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 text-muted">
      <p>{label}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function CardEmpty({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl bg-cream px-4 py-5 text-muted">
      <p className="text-ink">{message}</p>
      {children}
    </div>
  );
}

/** Up to three recordings the member may watch, those they have started first. */
function Resources({ query }: { query: UseQueryResult<RecordingView[]> }) {
  if (query.isPending) return <RecordingPreviewSkeleton label="Loading your recordings" />;
  if (query.isError)
    return <RetryList label="Your recordings could not be loaded just now." onRetry={() => void query.refetch()} />;
  const started = (r: RecordingView) => Number((r.positionSeconds ?? 0) > 0);
  const watchable = query.data
    .filter((r) => r.access === 'open' || r.access === 'unlocked')
    .sort((a, b) => started(b) - started(a))
    .slice(0, 3);
  if (watchable.length === 0) {
    return (
      <CardEmpty message="No resources found">
        <p className="text-sm">The recordings you unlock will be listed here.</p>
        <ButtonLink to="/birth-recordings" variant="secondary" size="sm">
          Explore Recordings
        </ButtonLink>
      </CardEmpty>
    );
  }
  return <RecordingPreviewList recordings={watchable} label="Your recordings" />;
}

function Bookings({
  query,
  label,
  empty,
  action,
}: {
  query: UseQueryResult<MemberBookingsPage>;
  label: string;
  empty: string;
  action?: { to: string; label: string };
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`} className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="h-20 w-16 shrink-0 rounded-xl" />
            <div className="flex flex-1 flex-col gap-2 py-1">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (query.isError)
    return <RetryList label="These sessions could not be loaded just now." onRetry={() => void query.refetch()} />;
  const { bookings } = query.data;
  if (bookings.length === 0) {
    return (
      <CardEmpty message={empty}>
        {action && (
          <ButtonLink to={action.to} variant="secondary" size="sm">
            {action.label}
          </ButtonLink>
        )}
      </CardEmpty>
    );
  }
  return <BookingPreviewList bookings={bookings.slice(0, 3)} label={label} />;
}
