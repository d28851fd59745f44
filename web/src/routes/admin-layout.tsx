import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useLoaderData, useLocation } from 'react-router';
import type { SignedInMember } from '@/features/auth/sign-in';
import { TwoStepSetUp } from '@/features/auth/components/two-step-set-up';
import { twoStepQuery } from '@/features/auth/components/two-step-settings';
import { Button, ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { adminAreas } from '@/features/admin/areas';

const tab = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-full px-3.5 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-ink text-cream' : 'text-ink hover:bg-sand'
  }`;

/** The frame of every /admin page: the areas that exist as tabs, and the way back to the site. */
export function AdminLayout() {
  const user = useLoaderData<SignedInMember>();
  if (!user.isAdmin) return <AccessDenied />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:px-6 md:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-sage">Admin</p>
        <Link to="/" className="text-sm font-medium text-muted hover:text-clay-dark">
          ← Return to site
        </Link>
      </div>
      <TwoStepGate user={user}>
        {/* Wrapping on a phone: every area in sight, none behind a sideways scroll. */}
        <nav aria-label="Admin areas" className="mt-3 py-1">
          <ul className="flex flex-wrap gap-1.5">
            <li>
              <NavLink to="/admin" end className={tab}>
                Overview
              </NavLink>
            </li>
            {adminAreas
              .filter((area) => area.ready)
              .map((area) => (
                <li key={area.path}>
                  <NavLink to={area.path} className={tab}>
                    {area.title}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
        <div className="mt-8">
          <Outlet />
        </div>
      </TwoStepGate>
    </div>
  );
}

/**
 * The admin area opens once the administrator signs in in two steps, as every admin route of the
 * API requires (it reads the same setting from the user pool); until then, its set-up.
 */
function TwoStepGate({ user, children }: { user: SignedInMember; children: ReactNode }) {
  const twoStep = useQuery(twoStepQuery(user.id));
  if (twoStep.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the admin area" className="mt-8 flex flex-col gap-4">
        <Skeleton className="h-10 w-2/3 max-w-md" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (twoStep.isError) {
    return (
      <div role="alert" className="mt-8 flex flex-wrap items-center gap-3 text-muted">
        The admin area could not be opened just now.
        <Button variant="secondary" size="sm" onClick={() => void twoStep.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return twoStep.data ? children : <TwoStepRequired user={user} />;
}

function TwoStepRequired({ user }: { user: SignedInMember }) {
  useDocumentTitle('Set up two-step sign-in');
  const location = useLocation();
  return (
    <section aria-labelledby="two-step-heading" className="mt-6 max-w-2xl">
      <h1 id="two-step-heading" className="text-3xl">
        Set up two-step sign-in
      </h1>
      <p className="mt-3 text-muted">
        The admin area can refund payments, delete accounts and e-mail every attendee, so it asks for a second step when you sign
        in: a code from an authenticator app on your phone. Set it up once; you will then sign in again with your password and a
        code.
      </p>
      <div className="mt-8 rounded-2xl border border-linen bg-white p-6 shadow-sm md:p-8">
        <TwoStepSetUp email={user.email} returnTo={`${location.pathname}${location.search}`} />
      </div>
    </section>
  );
}

function AccessDenied() {
  useDocumentTitle('Access denied');
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-[#a23b22]">Access denied</p>
      <h1 className="mt-3 text-3xl">This page is for the site administrator only.</h1>
      <p className="mt-3 text-muted">You're signed in, but your account has no administrator rights.</p>
      <ButtonLink to="/dashboard" className="mt-8">
        Go to your dashboard
      </ButtonLink>
    </section>
  );
}
