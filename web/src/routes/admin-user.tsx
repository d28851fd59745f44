import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { userQuery, useUserActions } from '@/features/admin/api/users';
import { AuditHistory } from '@/features/admin/components/audit-history';
import { Panel } from '@/features/admin/components/panel';
import { UserAccountPanel } from '@/features/admin/components/user-account-panel';
import { UserDetailsPanel } from '@/features/admin/components/user-details-panel';
import { UserItems } from '@/features/admin/components/user-items';
import { userFailureWords } from '@/features/admin/failure-words';
import { beginImpersonation } from '@/features/auth/impersonation';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { queryRoots } from '@/lib/query-keys';
import { EmailText } from '@/components/ui/email-text';

function BackToUsers() {
  return (
    <Link to="/admin/users" className="text-sm font-medium text-muted hover:text-clay-dark">
      ← Back to users
    </Link>
  );
}

/** /admin/users/:id: who the user is, what they booked and bought, and what the administrator may do. */
export function AdminUserPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery(userQuery(id));
  const { update, remove, setPassword, sendReset, impersonate } = useUserActions(id);
  const [editing, setEditing] = useState(false);
  const user = detail.data?.user;
  useDocumentTitle(`${user?.name ?? user?.email ?? 'User'} · Admin`);

  if (detail.isLoading) {
    return (
      <section aria-busy="true" aria-label="Loading the user">
        <BackToUsers />
        <Skeleton className="mt-4 h-10 w-72 max-w-full" />
        <Skeleton className="mt-6 h-48 w-full" />
      </section>
    );
  }
  if (detail.error instanceof ApiError && detail.error.status === 404) {
    return (
      <section className="py-10">
        <BackToUsers />
        <h1 className="mt-4 text-3xl">User not found</h1>
        <p className="mt-2 text-muted">There is no account with this id. It may have been deleted.</p>
      </section>
    );
  }
  if (detail.isError || !detail.data || !user) {
    return (
      <section>
        <BackToUsers />
        <div role="alert" className="mt-4 rounded-2xl bg-sand p-6">
          <p>The user could not be loaded just now.</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void detail.refetch()}>
            Try again
          </Button>
        </div>
      </section>
    );
  }
  const shownName = user.name ?? user.email;

  const loginAsUser = () =>
    impersonate.mutate(undefined, {
      onSuccess: (view) => {
        beginImpersonation(view);
        // What the dashboard showed of the administrator is not the user's: read again, as them.
        queryClient.removeQueries({ queryKey: queryRoots.me });
        toast.success('You are now logged in as the user', { description: `Viewing the site as ${shownName}, read only.` });
        void navigate('/dashboard');
      },
      onError: (error) => toast.error('Error', { description: userFailureWords(error, 'Failed to login as user') }),
    });

  return (
    <section aria-labelledby="user-heading">
      <BackToUsers />
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 id="user-heading" className="text-3xl break-words md:text-4xl">
            {shownName}
          </h1>
          <p className="mt-1 text-muted">
            <EmailText email={user.email} className="" />
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Badge tone="success">{user.status}</Badge>
            <Badge tone="sage">{user.subscriptionStatus}</Badge>
          </div>
        </div>
        <Button onClick={loginAsUser} disabled={impersonate.isPending}>
          {impersonate.isPending ? 'Opening…' : 'Login as User'}
        </Button>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <UserDetailsPanel user={user} update={update} editing={editing} setEditing={setEditing} />
        <UserAccountPanel user={user} shownName={shownName} setPassword={setPassword} sendReset={sendReset} remove={remove} />
      </div>

      <div className="mt-6">
        <Panel title="Bookings and purchases" id="items-heading">
          <UserItems items={detail.data.items} shownName={shownName} />
        </Panel>
      </div>

      <div className="mt-6">
        <Panel title="History" id="history-heading">
          <AuditHistory history={detail.data.history} />
        </Panel>
      </div>
    </section>
  );
}
