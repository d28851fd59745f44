import { toast } from '@/components/ui/toast';
import type { AdminUserDetail } from '@schemas/admin-user';
import { Button } from '@/components/ui/button';
import { EmailText } from '@/components/ui/email-text';
import { Fact } from '@/components/ui/fact';
import type { useUserActions } from '@/features/admin/api/users';
import { userFailureWords } from '@/features/admin/failure-words';
import { formatDateTime } from '@/lib/format';
import { Panel } from './panel';
import { UserDetailsForm } from './user-forms';

/**
 * 'User details': who the user is, and their name and subscription status to edit. Whether it is
 * being edited is the page's, so it outlasts the page's error while the user is read again.
 */
export function UserDetailsPanel({
  user,
  update,
  editing,
  setEditing,
}: {
  user: AdminUserDetail['user'];
  update: ReturnType<typeof useUserActions>['update'];
  editing: boolean;
  setEditing: (editing: boolean) => void;
}) {
  return (
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
              onError: (error) => toast.error('Error', { description: userFailureWords(error, 'Failed to update user details') }),
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
  );
}
