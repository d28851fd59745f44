import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { ForgotPasswordForm, type ForgotPasswordForm as ForgotValues } from '@schemas/account';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { sendPasswordReset } from '../amplify';
import { errorName } from '../cognito-error';

/** 'Forgot password?': sends the reset link, then shows 'Check Your Email'. */
export function ForgotPasswordDialog({ openAtStart = false }: { openAtStart?: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [sentTo, setSentTo] = useState<string>();
  // The form exists only while the dialog is open, so the page has one Email field at a time.
  const [isOpen, setIsOpen] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm<ForgotValues>({
    resolver: zodResolver(ForgotPasswordForm),
    defaultValues: { email: '' },
  });

  const open = () => {
    setSentTo(undefined);
    reset({ email: '' });
    setIsOpen(true);
    dialog.current?.showModal();
  };
  useEffect(() => {
    if (!openAtStart) return;
    setIsOpen(true);
    dialog.current?.showModal();
  }, [openAtStart]);

  const submit = handleSubmit(async ({ email }) => {
    try {
      await sendPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      // Whether an address has an account is not told here either.
      if (errorName(error) === 'UserNotFoundException') return setSentTo(email);
      toast.error('Error', { description: 'Failed to send reset instructions' });
    }
  });

  return (
    <>
      <button
        type="button"
        onClick={open}
        className="self-start text-sm font-medium text-clay-dark underline-offset-4 hover:underline"
      >
        Forgot password?
      </button>
      <dialog
        ref={dialog}
        onClose={() => setIsOpen(false)}
        aria-labelledby="forgot-password-title"
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-linen bg-white p-0 text-ink shadow-xl"
      >
        {isOpen && (
          <div className="p-6 md:p-8">
            <div className="flex items-start justify-between gap-4">
              <h2 id="forgot-password-title" className="text-2xl">
                {sentTo ? 'Check Your Email' : 'Reset Password'}
              </h2>
              <Button variant="ghost" size="sm" aria-label="Close" onClick={() => dialog.current?.close()}>
                <Icon path="M6 6l12 12M18 6L6 18" />
              </Button>
            </div>
            {sentTo ? (
              <>
                <p className="mt-3 text-muted">
                  If an account exists for <strong className="font-semibold text-ink">{sentTo}</strong>, we have sent it a link to
                  choose a new password.
                </p>
                <Button className="mt-6 w-full" onClick={() => dialog.current?.close()}>
                  Back to sign in
                </Button>
              </>
            ) : (
              // submit() reports its own failures with a toast, so its promise is left to run.
              <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 flex flex-col gap-4">
                <p className="text-muted">Enter your email and we will send you a link to choose a new password.</p>
                <Field
                  label="Email"
                  id="reset-email"
                  type="email"
                  autoComplete="email"
                  error={formState.errors.email?.message}
                  {...register('email')}
                />
                <Button type="submit" className="mt-2 w-full" disabled={formState.isSubmitting}>
                  {formState.isSubmitting ? 'Sending…' : 'Send Reset Link'}
                </Button>
              </form>
            )}
          </div>
        )}
      </dialog>
    </>
  );
}
