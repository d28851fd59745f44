import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { SessionView } from '@schemas/session';
import { Skeleton } from '@/components/ui/skeleton';
import { Badge } from '@/components/ui/badge';
import { Fact } from '@/components/ui/fact';
import { Button, ButtonLink } from '@/components/ui/button';
import { useSession } from '@/features/sessions/api/sessions';
import { PriceText } from '@/features/currency/price-text';
import { ShareButton } from '@/features/sessions/components/share-button';
import { useActingMember, useSignIn, type SignIn } from '@/features/auth/sign-in';
import { meQuery } from '@/features/auth/api/me';
import { splitFullName } from '@/lib/names';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRenderedOnServer } from '@/hooks/use-rendered-on-server';
import { useHasPassed } from '@/hooks/use-has-passed';
import { useCurrency } from '@/features/currency/currency-context';
import { formatDate, formatDuration, formatTimeWithZone } from '@/lib/format';
import { CheckoutCancelled } from '@/components/checkout-cancelled';
import { useCancelledCheckout } from '@/features/bookings/hooks/use-cancelled-checkout';

// The forms (and their validation) load when they are shown, not with the page: most visits only read it.
const BookingForm = lazy(() => import('@/features/bookings/components/booking-form').then((m) => ({ default: m.BookingForm })));
const JoinWaitlist = lazy(() =>
  import('@/features/waitlist/components/join-waitlist').then((m) => ({ default: m.JoinWaitlist })),
);

export function SessionDetailPage() {
  const { id = '' } = useParams();
  const { data: session, isLoading, isError } = useSession(id);
  const auth = useSignIn();
  useDocumentTitle(session?.title ?? (isLoading ? 'Session' : 'Session not found'));
  useCancelledCheckout(id, auth.status === 'signed-in');

  if (isLoading) return <DetailSkeleton />;
  if (isError || !session) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl">Session not found</h1>
        <ButtonLink to="/" className="mt-8">
          Back to sessions
        </ButtonLink>
      </section>
    );
  }
  return <SessionDetail session={session} />;
}

/**
 * A session's page. With `preview`, the administrator's look at a draft as visitors will see it
 * once published: everything but the booking, which opens then.
 */
export function SessionDetail({ session, preview = false }: { session: SessionView; preview?: boolean }) {
  const [booking, setBooking] = useState(false);
  const auth = useSignIn();
  const { currency } = useCurrency();
  const signedIn = auth.status === 'signed-in';
  const onServer = useRenderedOnServer();
  // Past once the start has gone by (docs/product.md#schedule): bookings are refused from then on.
  const startsAt = Date.parse(session.startTime);
  const started = useHasPassed(startsAt);
  const ended = useHasPassed(startsAt + session.durationMinutes * 60_000);
  // The form asks for the member's name: their profile is read once a form is shown.
  const member = useBookingMember(auth, booking || session.soldOut);

  const schedulePath = signedIn ? '/dashboard/sessions' : '/';

  return (
    <article className="mx-auto max-w-6xl px-4 py-8 md:px-6 md:py-12">
      {!preview && (
        <Link to={schedulePath} className="text-sm font-medium text-muted hover:text-clay-dark">
          ← Back to sessions
        </Link>
      )}
      <CheckoutCancelled className="mt-6" />
      <div className="mt-6 grid gap-10 md:grid-cols-[1fr_360px]">
        <div>
          {session.thumbnailUrl && (
            <img
              src={session.thumbnailUrl}
              alt=""
              width="1200"
              height="630"
              // The page's largest element: asked for before the scripts.
              fetchPriority="high"
              className="aspect-[1200/630] w-full rounded-2xl object-cover"
            />
          )}
          <div className="mt-6 flex flex-wrap items-center gap-2">
            {session.category && <Badge tone="sage">{session.category}</Badge>}
            <Badge>{session.locationType === 'online' ? 'Online' : 'In person'}</Badge>
            {session.cancelled ? <Badge tone="alert">CANCELLED</Badge> : session.soldOut && <Badge tone="alert">SOLD OUT</Badge>}
          </div>
          <h1 className="mt-3 text-3xl leading-tight md:text-5xl">{session.title}</h1>
          <dl className="mt-6 grid gap-4 sm:grid-cols-3">
            <Fact label="Date">{formatDate(session.startTime)}</Fact>
            <Fact label="Time">
              {formatTimeWithZone(session.startTime)} · {formatDuration(session.durationMinutes)}
            </Fact>
            <Fact label={session.locationType === 'online' ? 'Where' : 'Location'}>
              {session.locationType === 'online'
                ? 'Online — the joining link comes to you by e-mail'
                : [session.address, session.location].filter(Boolean).join(', ')}
            </Fact>
          </dl>
          <p className="mt-8 whitespace-pre-line text-lg leading-relaxed text-ink/90">{session.description}</p>
          {session.whatToBring && (
            <section className="mt-8 rounded-2xl bg-sand p-5">
              <h2 className="text-lg">What to bring</h2>
              <p className="mt-2 text-ink/85">{session.whatToBring}</p>
            </section>
          )}
        </div>

        <aside className="h-fit rounded-2xl border border-linen bg-white p-6 shadow-sm md:sticky md:top-24">
          <p className="text-sm text-muted">Price per person</p>
          <p className="mt-1 font-serif text-3xl">
            <PriceText money={session.price} />
          </p>
          {session.seatsLeft !== null && !session.soldOut && !started && !session.cancelled && (
            <p className="mt-2 text-sm text-muted">
              {session.seatsLeft} {session.seatsLeft === 1 ? 'place' : 'places'} left
            </p>
          )}
          {preview ? (
            <p role="note" className="mt-6 rounded-xl bg-sand px-4 py-3 text-ink/85">
              Book Now shows here once the session is published.
            </p>
          ) : started || session.cancelled ? (
            <div className="mt-6">
              <p role="status" className="rounded-xl bg-sand px-4 py-3 text-ink/85">
                {session.cancelled
                  ? 'This session has been cancelled.'
                  : ended
                    ? 'This session has ended.'
                    : 'This session has already started.'}
              </p>
              <ButtonLink to={schedulePath} variant="secondary" className="mt-4 w-full">
                See upcoming sessions
              </ButtonLink>
            </div>
          ) : onServer ? (
            <div aria-hidden="true" className="mt-6 space-y-4">
              <Skeleton className="h-11 w-full rounded-full" />
              <Skeleton className="h-11 w-24 rounded-full" />
            </div>
          ) : (
            <>
              <div className="mt-6">
                <Suspense fallback={<Skeleton className="h-11 w-full rounded-full" />}>
                  {session.soldOut ? (
                    <JoinWaitlist
                      sessionId={session.id}
                      member={
                        member && { email: member.email, name: [member.firstName, member.lastName].filter(Boolean).join(' ') }
                      }
                    />
                  ) : booking ? (
                    <BookingForm session={session} currency={currency} member={member} onCancel={() => setBooking(false)} />
                  ) : (
                    <Button className="w-full" onClick={() => setBooking(true)}>
                      Book Now
                    </Button>
                  )}
                </Suspense>
              </div>
              <div className="mt-4 flex">
                <ShareButton
                  title={session.title}
                  path={`/sessions/${encodeURIComponent(session.id)}`}
                  sendPath={`/sessions/${encodeURIComponent(session.id)}/share`}
                />
              </div>
            </>
          )}
        </aside>
      </div>
    </article>
  );
}

/**
 * Who a signed-in member books as: their address at once, and their name from their profile
 * (read once they open the form), split into the form's first and last name.
 */
function useBookingMember(auth: SignIn, booking: boolean) {
  const user = useActingMember(auth);
  const me = useQuery({ ...meQuery(user?.id ?? ''), enabled: Boolean(user) && booking });
  if (!user) return undefined;
  // The token's name stands in when the profile cannot be read.
  const fullName = me.data?.profile.fullName ?? (me.isError ? user.name : undefined);
  return { email: user.email, ...(fullName !== undefined && splitFullName(fullName, user)) };
}

/** Fills the screen, as the page's frame did, so the footer stays below while the session loads. */
function DetailSkeleton() {
  return (
    <div className="mx-auto min-h-screen max-w-6xl px-4 py-12 md:px-6" aria-busy="true" aria-label="Loading session">
      <Skeleton className="aspect-[1200/630] w-full max-w-3xl rounded-2xl" />
      <Skeleton className="mt-6 h-10 w-2/3 max-w-xl" />
      <Skeleton className="mt-4 h-5 w-1/2 max-w-md" />
      <Skeleton className="mt-2 h-5 w-1/3 max-w-sm" />
    </div>
  );
}
