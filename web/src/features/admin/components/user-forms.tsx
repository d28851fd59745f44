import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminPasswordChange, AdminUserUpdate, type AdminUserDetail } from '@schemas/admin-user';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';

/** Edit a user's full name and subscription status, with the server's own rules. */
export function UserDetailsForm({
  user,
  saving,
  onSave,
  onCancel,
}: {
  user: AdminUserDetail['user'];
  saving: boolean;
  onSave: (change: AdminUserUpdate) => void;
  onCancel: () => void;
}) {
  const { register, handleSubmit, formState } = useForm<AdminUserUpdate>({
    resolver: zodResolver(AdminUserUpdate),
    defaultValues: { fullName: user.fullName ?? '', subscriptionStatus: user.subscriptionStatus },
  });
  return (
    <form onSubmit={(event) => void handleSubmit(onSave)(event)} noValidate className="flex flex-col gap-4">
      <Field label="Full name" autoComplete="off" error={formState.errors.fullName?.message} {...register('fullName')} />
      <Field
        label="Subscription status"
        autoComplete="off"
        error={formState.errors.subscriptionStatus?.message}
        {...register('subscriptionStatus')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A new password for the user, set for good; non-empty and at least the pool's six characters. */
export function SetPasswordForm({
  saving,
  onSet,
  onCancel,
}: {
  saving: boolean;
  onSet: (password: string) => void;
  onCancel: () => void;
}) {
  const { register, handleSubmit, formState } = useForm<AdminPasswordChange>({
    resolver: zodResolver(AdminPasswordChange),
    defaultValues: { password: '' },
  });
  return (
    <form onSubmit={(event) => void handleSubmit(({ password }) => onSet(password))(event)} noValidate className="mt-4">
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <p className="mt-2 text-sm text-muted">The user signs in with it at once. Tell them through a channel you trust.</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Setting…' : 'Set Password'}
        </Button>
      </div>
    </form>
  );
}
