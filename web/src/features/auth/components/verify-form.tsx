import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { VerificationForm, type VerificationForm as VerificationValues } from '@schemas/account';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { sendNewVerificationCode, verifyAccount } from '../amplify';
import { errorName } from '../cognito-error';

/** The second step of creating an account: the code e-mailed to the address. */
export function VerifyForm({ email, onVerified }: { email: string; onVerified: () => void }) {
  const { register, handleSubmit, formState } = useForm<VerificationValues>({
    resolver: zodResolver(VerificationForm),
    defaultValues: { code: '' },
  });

  const [sending, setSending] = useState(false);

  // A code that went astray, or has expired: the only way on, so it is offered beside the form.
  const sendNewCode = async () => {
    setSending(true);
    try {
      await sendNewVerificationCode(email);
      toast.success('New code sent', { description: `A new verification code is on its way to ${email}.` });
    } catch {
      toast.error('Error', { description: 'A new code could not be sent. Please try again in a few minutes.' });
    } finally {
      setSending(false);
    }
  };

  const submit = handleSubmit(async ({ code }) => {
    try {
      await verifyAccount(email, code);
      toast.success('Account created successfully! You can now sign in.');
      onVerified();
    } catch (error) {
      const wrongCode = ['CodeMismatchException', 'ExpiredCodeException'].includes(errorName(error) ?? '');
      toast.error('Error', {
        description: wrongCode ? 'That code is not right, or it has expired.' : 'Failed to create account',
      });
    }
  });

  return (
    // submit() reports its own failures with a toast, so its promise is left to run.
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Verify your email" className="flex flex-col gap-4">
      <div>
        <h2 className="text-xl">Check your email</h2>
        <p className="mt-2 text-sm text-muted">
          We sent a verification code to <strong className="font-semibold text-ink">{email}</strong>. Enter it here to finish
          creating your account.
        </p>
      </div>
      <Field
        label="Verification code"
        id="verification-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" className="mt-2 w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Verifying…' : 'Verify Email'}
      </Button>
      <p className="text-center text-sm text-muted">
        No code, or has it expired?{' '}
        <button
          type="button"
          onClick={() => void sendNewCode()}
          disabled={sending}
          className="font-medium text-clay-dark underline-offset-4 hover:underline disabled:opacity-60"
        >
          {sending ? 'Sending…' : 'Send a new code'}
        </button>
      </p>
    </form>
  );
}
