import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { toast } from 'sonner';
import { Button, ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Badge } from '@/components/ui/badge';
import { meQuery, profileOf } from '@/features/auth/api/me';
import { requireMember } from '@/features/auth/require-member';
import { signOutMember } from '@/features/auth/session';

/** Member only; the profile starts loading with the page's code. */
export const dashboardLoader = (queryClient: QueryClient) => async (args: LoaderFunctionArgs) => {
  const user = await requireMember(args);
  void queryClient.prefetchQuery(meQuery(user.id));
  return { userId: user.id };
};

export function DashboardPage() {
  const { userId } = useLoaderData<{ userId: string }>();
  const { data: me, isLoading, isError, refetch } = useQuery(meQuery(userId));
  const signOut = useSignOut();

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 md:px-6 md:py-14">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-sage">Dashboard</p>
          {isLoading ? (
            <div aria-busy="true" aria-label="Loading your profile">
              <Skeleton className="mt-3 h-10 w-72 max-w-full" />
              <Skeleton className="mt-3 h-6 w-40" />
            </div>
          ) : isError || !me ? (
            <div role="alert" className="mt-3">
              <h1 className="text-3xl md:text-4xl">Welcome</h1>
              <p className="mt-2 text-muted">Your profile could not be loaded just now.</p>
              <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <Welcome {...profileOf(me)} />
          )}
        </div>
        <Button variant="secondary" onClick={() => void signOut()}>
          Sign Out
        </Button>
      </div>

      <div className="mt-10 grid gap-6 md:grid-cols-3">
        <Card
          title="Upcoming Sessions"
          text="Your booked sessions will appear here."
          link={{ to: '/', label: 'Browse Available Sessions' }}
        />
        <Card title="Past Sessions" text="The sessions you have attended, all in one place." />
        <Card
          title="My Resources"
          text="Recordings you can watch, whenever you like."
          link={{ to: '/birth-recordings', label: 'Explore Recordings' }}
        />
      </div>
    </section>
  );
}

function Welcome({ fullName, subscriptionStatus }: { fullName: string; subscriptionStatus: string }) {
  return (
    <>
      <h1 className="mt-3 text-3xl md:text-4xl">Welcome, {fullName}</h1>
      <p className="mt-3 flex items-center gap-2 text-muted">
        Subscription <Badge tone="sage">{subscriptionStatus}</Badge>
      </p>
    </>
  );
}

function Card({ title, text, link }: { title: string; text: string; link?: { to: string; label: string } }) {
  return (
    <section className="flex flex-col rounded-2xl border border-linen bg-white p-6 shadow-sm">
      <h2 className="text-xl">{title}</h2>
      <p className="mt-2 flex-1 text-muted">{text}</p>
      {link && (
        <ButtonLink to={link.to} variant="secondary" size="sm" className="mt-5 self-start">
          {link.label}
        </ButtonLink>
      )}
    </section>
  );
}

/** Sign out: the session and the impersonation flag go, then home with the 'Logged out' notice. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    const clean = await signOutMember();
    queryClient.removeQueries({ queryKey: ['me'] });
    await navigate('/');
    toast('Logged out', { description: clean ? 'You have been successfully logged out.' : 'You have been logged out.' });
  };
}
