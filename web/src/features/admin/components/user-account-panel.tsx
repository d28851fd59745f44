import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import type { AdminUserDetail } from '@schemas/admin-user';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import type { useUserActions } from '@/features/admin/api/users';
import { userFailureWords } from '@/features/admin/failure-words';
import { Panel } from './panel';
import { SetPasswordForm } from './user-forms';

type UserActions = ReturnType<typeof useUserActions>;

/** 'Account': a new password set or e-mailed, or the account deleted, each of the first and last after asking. */
export function UserAccountPanel({
  user,
  shownName,
  setPassword,
  sendReset,
  remove,
}: {
  user: AdminUserDetail['user'];
  shownName: string;
} & Pick<UserActions, 'setPassword' | 'sendReset' | 'remove'>) {
  const navigate = useNavigate();
  const passwordDialog = useRef<HTMLDialogElement>(null);
  const [passwordFormKey, setPasswordFormKey] = useState(0);
  const deleteDialog = useRef<HTMLDialogElement>(null);

  return (
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
                onError: (error) =>
                  toast.error('Error', { description: userFailureWords(error, 'Failed to send password reset') }),
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
              onError: (error) => toast.error('Error', { description: userFailureWords(error, 'Failed to set password') }),
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
              toast.error('Error', { description: userFailureWords(error, 'Failed to delete user') });
            },
          })
        }
      >
        <p>
          {shownName} can no longer sign in, and their profile is removed. Their bookings and purchases stay, under their name and
          email, as a guest's. This cannot be undone.
        </p>
      </ConfirmDialog>
    </Panel>
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
