import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AuthenticatorCodeForm as CodeSchema, type AuthenticatorCodeForm as CodeValues } from '@schemas/account';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { errorName } from '../cognito-error';

/** What to say on the code's field when Cognito refuses an authenticator app's code, else undefined. */
function codeRefusal(error: unknown): string | undefined {
  switch (errorName(error)) {
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return 'That code is not right. Enter the code your app shows now.';
    case 'ExpiredCodeException':
      return 'That code has been used already. Wait for the next one.';
    default:
      return undefined;
  }
}

type Props = {
  /** The form's accessible name. */
  name: string;
  /** The code field's id, unique on the page. */
  id: string;
  submitLabel: string;
  busyLabel: string;
  /** Sends the code; what follows a success too. */
  send: (code: string) => Promise<void>;
  /** Tells of a failure other than a refused code. */
  failed: (error: unknown) => void;
  className?: string;
  buttonClassName?: string;
  children?: ReactNode;
};

/**
 * One code from an authenticator app, focused when shown and checked by the schema before it is
 * sent; a code Cognito refuses is said on its field, for the next one to be typed.
 */
export function CodeForm({ name, id, submitLabel, busyLabel, send, failed, className, buttonClassName, children }: Props) {
  const { register, handleSubmit, formState, setError, setFocus } = useForm<CodeValues>({
    resolver: zodResolver(CodeSchema),
    defaultValues: { code: '' },
  });
  useEffect(() => setFocus('code'), [setFocus]);

  const submit = handleSubmit(async ({ code }) => {
    try {
      await send(code);
    } catch (error) {
      const refusal = codeRefusal(error);
      if (!refusal) return failed(error);
      setError('code', { message: refusal });
      setFocus('code');
    }
  });

  return (
    // submit() reports its own failures, so its promise is left to run.
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={name} className={className}>
      {children}
      <Field
        label="Code"
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" className={buttonClassName} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
