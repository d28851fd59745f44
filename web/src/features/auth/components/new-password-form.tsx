import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { NewPasswordForm as NewPasswordSchema, type NewPasswordForm as NewPasswordValues } from '@schemas/account';
import { Button } from '@/components/ui/button';
import { chooseNewPassword } from '../amplify';
import { NewPasswordFields } from './new-password-fields';
import { errorName } from '../cognito-error';
import { refreshSignIn } from '../sign-in';
import { EmailText } from '@/components/ui/email-text';

type Props = {
  email: string;
  onSignedIn: () => void;
  /** The sign-in has lapsed (Cognito keeps the step open a few minutes): sign in again. */
  onExpired: () => void;
};

/**
 * Cognito's new-password step: an account created for someone (an administrator, or a member
 * whose password an administrator set) signs in with a temporary password, then chooses their
 * own here, which finishes signing them in.
 */
export function NewPasswordForm({ email, onSignedIn, onExpired }: Props) {
  const { register, handleSubmit, formState, setFocus } = useForm<NewPasswordValues>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  useEffect(() => setFocus('password'), [setFocus]);

  const submit = handleSubmit(async ({ password }) => {
    try {
      await chooseNewPassword(password);
    } catch (error) {
      if (errorName(error) === 'NotAuthorizedException') {
        toast.error('Error', { description: 'Failed to sign in' });
        return onExpired();
      }
      toast.error('Error', { description: 'Failed to update password' });
      return;
    }
    toast.success('Password updated successfully');
    await refreshSignIn();
    onSignedIn();
  });

  return (
    // submit() reports its own failures with a toast, so its promise is left to run.
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Set a new password" className="flex flex-col gap-4">
      <div>
        <h2 className="text-xl">Set a new password</h2>
        <p className="mt-2 text-sm text-muted">
          The password{' '}
          <strong className="font-semibold text-ink">
            <EmailText email={email} className="" />
          </strong>{' '}
          signed in with was temporary. Choose your own to finish signing in.
        </p>
      </div>
      <NewPasswordFields register={register} errors={formState.errors} />
      <Button type="submit" className="mt-2 w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Setting password…' : 'Set Password'}
      </Button>
    </form>
  );
}
