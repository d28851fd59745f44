import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { AuthenticatorCodeForm as CodeSchema, type AuthenticatorCodeForm as CodeValues } from '@schemas/account';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { answerWithCode } from '../amplify';
import { errorName } from '../cognito-error';
import { refreshSignIn } from '../sign-in';
import { codeRefusal } from './code-refusal';

type Props = {
  onSignedIn: () => void;
  /** The sign-in has lapsed (Cognito keeps the step open a few minutes): sign in again. */
  onExpired: () => void;
};

/** The second step of a two-step sign-in: the code the member's authenticator app shows now. */
export function AuthenticatorCodeForm({ onSignedIn, onExpired }: Props) {
  const { register, handleSubmit, formState, setError, setFocus } = useForm<CodeValues>({
    resolver: zodResolver(CodeSchema),
    defaultValues: { code: '' },
  });
  useEffect(() => setFocus('code'), [setFocus]);

  const submit = handleSubmit(async ({ code }) => {
    try {
      await answerWithCode(code);
    } catch (error) {
      const refusal = codeRefusal(error);
      if (refusal) {
        setError('code', { message: refusal });
        return setFocus('code');
      }
      toast.error('Error', { description: 'Failed to sign in' });
      if (errorName(error) === 'NotAuthorizedException') onExpired();
      return;
    }
    await refreshSignIn();
    onSignedIn();
  });

  return (
    // submit() reports its own failures, so its promise is left to run.
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Enter your code" className="flex flex-col gap-4">
      <div>
        <h2 className="text-xl">Two-step sign-in</h2>
        <p className="mt-2 text-sm text-muted">Enter the 6-digit code your authenticator app shows for this site.</p>
      </div>
      <Field
        label="Code"
        id="sign-in-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" className="mt-2 w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Checking…' : 'Verify'}
      </Button>
    </form>
  );
}
