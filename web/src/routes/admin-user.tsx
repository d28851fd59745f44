import { useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import type { AdminUserItem } from '@schemas/admin-user';
import { formatMoney } from '@schemas/currency';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Fact } from '@/components/ui/fact';
import { Modal } from '@/components/ui/modal';
import { DateTimeCell, ResponsiveList, type Column } from '@/components/ui/responsive-list';
import { Skeleton } from '@/components/ui/skeleton';
import { userQuery, useUserActions } from '@/features/admin/api/users';
import { AuditHistory } from '@/features/admin/components/audit-history';
import { SetPasswordForm, UserDetailsForm } from '@/features/admin/components/user-forms';
import { failureWords } from '@/features/admin/failure-words';
import { beginImpersonation } from '@/features/auth/impersonation';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime } from '@/lib/format';
import { queryRoots } from '@/lib/query-keys';
import { EmailText } from '@/components/ui/email-text';

/** The spec's words for a failure, with the server's reason, but for a user gone meanwhile (404). */
const failure = (error: unknown, words: string) =>
  error instanceof ApiError && error.status === 404 ? words : failureWords(error, words);

function BackToUsers() {
  return (
    <Link to="/admin/users" className="text-sm font-medium text-muted hover:text-clay-dark">
      ← Back to users
    </Link>
  );
}

const itemTone = (status: string | null) =>
  status === 'confirmed' || status === 'paid' || status === 'completed'
    ? 'success'
    : status === 'pending' || status === 'awaiting-payment'
      ? 'warning'
      : 'neutral';

const itemColumns: Column<AdminUserItem>[] = [
  { header: 'When', cell: (item) => (item.at ? <DateTimeCell iso={item.at} /> : '—') },
  { header: 'Item', card: 'title', className: 'min-w-48', cell: (item) => <span className="font-medium">{item.title}</span> },
  { header: 'Kind', cell: (item) => (item.kind === 'Booking' ? 'Session booking' : item.kind) },
  {
    header: 'Amount',
    className: 'whitespace-nowrap tabular-nums',
    cell: (item) => (item.price ? (item.price.amount > 0 ? formatMoney(item.price) : 'Free') : '—'),
  },
  { header: 'Status', card: 'corner', cell: (item) => <Badge tone={itemTone(item.status)}>{item.status ?? 'unknown'}</Badge> },
];

/** /admin/users/:id: who the user is, what they booked and bought, and what the administrator may do. */
export function AdminUserPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery(userQuery(id));
  const { update, remove, setPassword, sendReset, impersonate } = useUserActions(id);
  const [editing, setEditing] = useState(false);
  const passwordDialog = useRef<HTMLDialogElement>(null);
  const [passwordFormKey, setPasswordFormKey] = useState(0);
  const deleteDialog = useRef<HTMLDialogElement>(null);
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
      onError: (error) => toast.error('Error', { description: failure(error, 'Failed to login as user') }),
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
        <Panel title="User details" id="details-heading">
          {editing ? (
            <UserDetailsForm
              user={user}
              saving={update.isPending}
              onCancel={() => setEditing(false)}
              onSave={(change) =>
                update.mutate(change, {
                  onSuccess: () => {
                    setEditing(false);
                    toast.success('User details updated successfully');
                  },
                  onError: (error) => toast.error('Error', { description: failure(error, 'Failed to update user details') }),
                })
              }
            />
          ) : (
            <>
              <dl className="grid gap-5 sm:grid-cols-2">
                <Fact label="ID">
                  <span className="font-mono text-sm break-all">{user.id}</span>
                </Fact>
                <Fact label="Email">
                  <EmailText email={user.email} className="" />
                </Fact>
                <Fact label="Full name">{user.fullName ?? <span className="text-muted">Not given</span>}</Fact>
                <Fact label="Subscription status">{user.subscriptionStatus}</Fact>
                <Fact label="Created">{user.createdAt ? formatDateTime(user.createdAt) : '—'}</Fact>
                <Fact label="Last updated">{user.updatedAt ? formatDateTime(user.updatedAt) : '—'}</Fact>
              </dl>
              <Button variant="secondary" className="mt-6" onClick={() => setEditing(true)}>
                Edit details
              </Button>
            </>
          )}
        </Panel>

        <Panel title="Account" id="account-heading">
          <ul className="flex flex-col gap-5">
            <AccountAction text="Choose a new password for the user. They sign in with it at once.">
              <Button
                variant="secondary"
                onClick={() => {
                  setPasswordFormKey((key) => key + 1);
                  passwordDialog.current?.showModal();
                }}
              >
                Set Password
              </Button>
            </AccountAction>
            <AccountAction text={`E-mail ${user.email} a link to choose a new password.`}>
              <Button
                variant="secondary"
                disabled={sendReset.isPending}
                onClick={() =>
                  sendReset.mutate(undefined, {
                    onSuccess: () => toast.success("Password reset link sent to user's email"),
                    onError: (error) => toast.error('Error', { description: failure(error, 'Failed to send password reset') }),
                  })
                }
              >
                {sendReset.isPending ? 'Sending…' : 'Send Password Reset'}
              </Button>
            </AccountAction>
            <AccountAction text="Remove the account and profile. Their bookings and purchases stay, as a guest's.">
              <Button variant="secondary" className="text-[#962f1d]" onClick={() => deleteDialog.current?.showModal()}>
                Delete User
              </Button>
            </AccountAction>
          </ul>
        </Panel>
      </div>

      <div className="mt-6">
        <Panel title="Bookings and purchases" id="items-heading">
          {detail.data.items.length === 0 ? (
            <p className="text-muted">No bookings or purchases yet.</p>
          ) : (
            <ResponsiveList
              items={detail.data.items}
              rowKey={(item) => `${item.kind}-${item.id}`}
              columns={itemColumns}
              caption={`Bookings and purchases of ${shownName}`}
            />
          )}
        </Panel>
      </div>

      <div className="mt-6">
        <Panel title="History" id="history-heading">
          <AuditHistory history={detail.data.history} />
        </Panel>
      </div>

      <Modal dialogRef={passwordDialog} title="Set Password">
        <SetPasswordForm
          key={passwordFormKey}
          saving={setPassword.isPending}
          onCancel={() => passwordDialog.current?.close()}
          onSet={(password) =>
            setPassword.mutate(password, {
              onSuccess: () => {
                passwordDialog.current?.close();
                toast.success('Password set successfully');
              },
              onError: (error) => toast.error('Error', { description: failure(error, 'Failed to set password') }),
            })
          }
        />
      </Modal>
      <ConfirmDialog
        dialogRef={deleteDialog}
        title="Delete this user?"
        confirmLabel="Delete User"
        busyLabel="Deleting…"
        dismissLabel="Keep user"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              deleteDialog.current?.close();
              toast.success('User deleted successfully');
              void navigate('/admin/users');
            },
            onError: (error) => {
              deleteDialog.current?.close();
              toast.error('Error', { description: failure(error, 'Failed to delete user') });
            },
          })
        }
      >
        <p>
          {shownName} can no longer sign in, and their profile is removed. Their bookings and purchases stay, under their name and
          email, as a guest's. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-linen bg-white p-5 shadow-sm md:p-6">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function AccountAction({ text, children }: { text: string; children: ReactNode }) {
  return (
    <li className="flex flex-col items-start gap-2">
      <p className="text-sm text-muted">{text}</p>
      {children}
    </li>
  );
}
