import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { VerificationForm, type VerificationForm as VerificationValues } from '@schemas/account';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { verifyAccount } from '../amplify';
import { errorName } from '../session';

/** The second step of creating an account: the code e-mailed to the address. */
export function VerifyForm({ email, onVerified }: { email: string; onVerified: () => void }) {
  const { register, handleSubmit, formState } = useForm<VerificationValues>({
    resolver: zodResolver(VerificationForm),
    defaultValues: { code: '' },
  });

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
    </form>
  );
}
