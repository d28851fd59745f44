import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { SignInForm as SignInSchema, type SignInForm as SignInValues } from '@schemas/account';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { signInWithPassword } from '../amplify';
import { refreshSignIn } from '../sign-in';
import { NewPasswordForm } from './new-password-form';
import { AuthenticatorCodeForm } from './authenticator-code-form';

type Props = {
  /** The address to sign in with, fixed (setup-account). */
  email?: string;
  /** An address to start from, still editable (after creating an account). */
  defaultEmail?: string;
  /** Shown beside the submit button: the Forgot password dialog, where it is offered. */
  forgotPassword?: ReactNode;
  onSignedIn: () => void;
  onNeedsVerification: (email: string) => void;
};

export function SignInForm({ email, defaultEmail, forgotPassword, onSignedIn, onNeedsVerification }: Props) {
  // Set when the password was a temporary one: the new-password step takes the form's place.
  const [choosingPasswordFor, setChoosingPasswordFor] = useState<string>();
  // Set when the account signs in in two steps: the code step takes the form's place.
  const [askingForCode, setAskingForCode] = useState(false);
  const { register, handleSubmit, formState } = useForm<SignInValues>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: email ?? defaultEmail ?? '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const outcome = await signInWithPassword(values.email, values.password);
      if (outcome === 'needs-verification') return onNeedsVerification(values.email);
      if (outcome === 'needs-new-password') return setChoosingPasswordFor(values.email);
      if (outcome === 'needs-code') return setAskingForCode(true);
      await refreshSignIn();
      onSignedIn();
    } catch {
      toast.error('Error', { description: 'Failed to sign in' });
    }
  });

  if (choosingPasswordFor) {
    return (
      <NewPasswordForm email={choosingPasswordFor} onSignedIn={onSignedIn} onExpired={() => setChoosingPasswordFor(undefined)} />
    );
  }

  if (askingForCode) return <AuthenticatorCodeForm onSignedIn={onSignedIn} onExpired={() => setAskingForCode(false)} />;

  return (
    // submit() reports its own failures with a toast, so its promise is left to run.
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in" className="flex flex-col gap-4">
      <Field
        label="Email"
        id="sign-in-email"
        type="email"
        autoComplete="email"
        readOnly={Boolean(email)}
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <Field
        label="Password"
        id="sign-in-password"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      {forgotPassword}
      <Button type="submit" className="mt-2 w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in…' : 'Sign In'}
      </Button>
    </form>
  );
}
