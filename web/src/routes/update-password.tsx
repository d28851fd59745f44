import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { NewPasswordForm, type NewPasswordForm as NewPasswordValues } from '@schemas/account';
import { Button, ButtonLink } from '@/components/ui/button';
import { AuthCard } from '@/features/auth/components/auth-card';
import { NewPasswordFields } from '@/features/auth/components/new-password-fields';
import { errorName } from '@/features/auth/cognito-error';
import { useDocumentTitle } from '@/hooks/use-document-title';

const invalidLink = 'Invalid or expired password reset link. Please request a new one.';
const REDIRECT_AFTER_MS = 1500;

/** The page the reset e-mail links to: the code Cognito sent and the address it was for. */
export function UpdatePasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [invalid, setInvalid] = useState(!/^\d{4,8}$/.test(code) || !email.includes('@'));
  const [done, setDone] = useState(false);
  const navigate = useNavigate();
  useDocumentTitle(invalid ? 'Invalid Reset Link' : 'Choose a new password');
  const { register, handleSubmit, formState } = useForm<NewPasswordValues>({
    resolver: zodResolver(NewPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/sign-in', { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = handleSubmit(async ({ password }) => {
    try {
      const { choosePassword } = await import('@/features/auth/amplify');
      await choosePassword(email, code, password);
      toast.success('Password updated successfully');
      setDone(true);
    } catch (error) {
      if (['CodeMismatchException', 'ExpiredCodeException', 'UserNotFoundException'].includes(errorName(error) ?? '')) {
        toast.error('Error', { description: invalidLink });
        setInvalid(true);
      } else {
        toast.error('Error', { description: 'Failed to update password' });
      }
    }
  });

  if (invalid) {
    return (
      <AuthCard title="Invalid Reset Link">
        <p className="text-center text-muted">{invalidLink}</p>
        <ButtonLink to="/sign-in?tab=reset-password" className="mt-6 w-full">
          Request a new link
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" intro={email ? `For ${email}` : undefined}>
      {done ? (
        <p role="status" className="text-center text-muted">
          Your password has been updated. Taking you to sign in…
        </p>
      ) : (
        // submit() reports its own failures with a toast, so its promise is left to run.
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label="Choose a new password"
          className="flex flex-col gap-4"
        >
          <NewPasswordFields register={register} errors={formState.errors} />
          <Button type="submit" className="mt-2 w-full" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Updating…' : 'Update Password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
