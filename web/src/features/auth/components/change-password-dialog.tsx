import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { ChangePasswordForm, type ChangePasswordForm as PasswordValues } from '@schemas/account';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { errorName } from '../cognito-error';
import { loadAmplify } from '../sign-in';

const empty: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * 'Change Password': a modal <dialog> (the browser keeps focus inside it and closes it on
 * Escape). Cognito checks the current password; a wrong one is said on its field.
 */
export function ChangePasswordDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  // The form exists only while the dialog is open: it starts empty each time.
  const [isOpen, setIsOpen] = useState(false);

  const open = () => {
    setIsOpen(true);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();

  return (
    <>
      <Button variant="secondary" onClick={open}>
        Change Password
      </Button>
      <dialog
        ref={dialog}
        // The browser gives focus back to the Change Password button on close.
        onClose={() => setIsOpen(false)}
        aria-labelledby="change-password-title"
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-linen bg-white p-0 text-ink shadow-xl"
      >
        {isOpen && (
          <div className="p-6 md:p-8">
            <div className="flex items-start justify-between gap-4">
              <h2 id="change-password-title" className="text-2xl">
                Change Password
              </h2>
              <Button variant="ghost" size="sm" aria-label="Close" onClick={close}>
                <Icon path="M6 6l12 12M18 6L6 18" />
              </Button>
            </div>
            <p className="mt-2 text-muted">Enter your current password, then choose a new one of at least 6 characters.</p>
            <PasswordForm onDone={close} />
          </div>
        )}
      </dialog>
    </>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const { register, handleSubmit, formState, setError, setFocus } = useForm<PasswordValues>({
    resolver: zodResolver(ChangePasswordForm),
    defaultValues: empty,
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await (await loadAmplify()).changePassword(currentPassword, newPassword);
    } catch (error) {
      if (errorName(error) === 'NotAuthorizedException') {
        setError('currentPassword', { message: 'Current password is incorrect.' });
        setFocus('currentPassword');
        return;
      }
      toast.error('Error', { description: 'Failed to update password' });
      return;
    }
    onDone();
    toast.success('Password updated successfully');
  });

  return (
    // submit() reports its own failures, so its promise is left to run.
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 flex flex-col gap-4">
      <Field
        label="Current password"
        id="current-password"
        type="password"
        autoComplete="current-password"
        error={formState.errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <Field
        label="New password"
        id="new-password"
        type="password"
        autoComplete="new-password"
        error={formState.errors.newPassword?.message}
        {...register('newPassword')}
      />
      <Field
        label="Confirm new password"
        id="confirm-password"
        type="password"
        autoComplete="new-password"
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <div className="mt-2 flex flex-wrap gap-3">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Updating…' : 'Update Password'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
