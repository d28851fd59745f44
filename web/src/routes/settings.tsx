import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { meQuery } from '@/features/auth/api/me';
import { requireMember } from '@/features/auth/require-member';
import type { SignedInMember } from '@/features/auth/sign-in';
import { ProfileForm } from '@/features/auth/components/profile-form';
import { ChangePasswordDialog } from '@/features/auth/components/change-password-dialog';
import { TwoStepSettings } from '@/features/auth/components/two-step-settings';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

/** Member only; the profile starts loading with the page's code. */
export const settingsLoader = (queryClient: QueryClient) => async (args: LoaderFunctionArgs) => {
  const user = await requireMember(args);
  void queryClient.prefetchQuery(meQuery(user.id));
  return { user };
};

/** /dashboard/settings: the profile (e-mail read-only, full name) and the password. */
export function SettingsPage() {
  const { user } = useLoaderData<{ user: SignedInMember }>();
  const userId = user.id;
  const { data: me, isPending, isError, refetch } = useQuery(meQuery(userId));

  return (
    <DashboardPage id="settings-heading" title="Profile" intro="Your account details, password and two-step sign-in.">
      <Panel title="Account details" id="settings-profile">
        {isPending ? (
          <div aria-busy="true" aria-label="Loading your profile" className="flex flex-col gap-5">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-11 w-36 rounded-full" />
          </div>
        ) : isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-muted">
            Your profile could not be loaded just now.
            <Button variant="secondary" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          // The fields at a reading width, not the whole of the dashboard's column.
          <div className="max-w-xl">
            <ProfileForm userId={userId} email={me.user.email} fullName={me.profile.fullName ?? ''} />
          </div>
        )}
      </Panel>

      <Panel title="Password" id="settings-password">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="text-muted">Choose a new password for signing in.</p>
          <ChangePasswordDialog />
        </div>
      </Panel>

      <Panel title="Two-step sign-in" id="settings-two-step">
        <TwoStepSettings user={user} />
      </Panel>
    </DashboardPage>
  );
}

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 rounded-2xl border border-linen bg-white p-6 shadow-sm md:p-8">
      <h2 id={id} className="mb-5 text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
