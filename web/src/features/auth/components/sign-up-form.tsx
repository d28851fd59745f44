import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import * as z from 'zod/mini';
import { PASSWORD_TOO_SHORT, SignUpForm as SignUpSchema } from '@schemas/account';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { createAccount } from '../amplify';
import { errorName } from '../cognito-error';

// The setup-account page asks for the password twice, with its own words (docs/product.md#validation).
const PASSWORDS_DIFFER = 'Please make sure your passwords match.';
const WithConfirmation = z.extend(SignUpSchema, { confirmPassword: z.string() }).check(
  z.refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  }),
);
type Values = z.infer<typeof SignUpSchema> & { confirmPassword?: string };

/** The setup-account page's password messages, titled as docs/product.md#validation words them. */
function toastPasswordErrors(errors: FieldErrors<Values>) {
  if (errors.password?.message === PASSWORD_TOO_SHORT) {
    toast.error('Password too short', { description: errors.password.message });
  } else if (errors.confirmPassword?.message === PASSWORDS_DIFFER) {
    toast.error("Passwords don't match", { description: PASSWORDS_DIFFER });
  }
}

type Props = {
  /** The address the account is for, when the page already knows it. */
  email?: string;
  confirmPassword?: boolean;
  onCreated: (email: string) => void;
  /** The address already has an account. */
  onExists?: (email: string) => void;
};

export function SignUpForm({ email, confirmPassword = false, onCreated, onExists }: Props) {
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(confirmPassword ? WithConfirmation : SignUpSchema),
    defaultValues: { firstName: '', lastName: '', email: email ?? '', password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(
    async (values) => {
      try {
        await createAccount(values);
        onCreated(values.email);
      } catch (error) {
        if (errorName(error) === 'UsernameExistsException' && onExists) return onExists(values.email);
        const description =
          errorName(error) === 'UsernameExistsException'
            ? 'An account with this email already exists.'
            : 'Failed to create account';
        toast.error('Error', { description });
      }
    },
    confirmPassword ? toastPasswordErrors : undefined,
  );

  return (
    // submit() reports its own failures with a toast, so its promise is left to run.
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Create account" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          id="sign-up-first-name"
          autoComplete="given-name"
          error={formState.errors.firstName?.message}
          {...register('firstName')}
        />
        <Field
          label="Last name"
          id="sign-up-last-name"
          autoComplete="family-name"
          error={formState.errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <Field
        label="Email"
        id="sign-up-email"
        type="email"
        autoComplete="email"
        readOnly={Boolean(email)}
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <Field
        label="Password"
        id="sign-up-password"
        type="password"
        autoComplete="new-password"
        aria-describedby={formState.errors.password ? undefined : 'sign-up-password-hint'}
        error={formState.errors.password?.message}
        {...register('password')}
      />
      {!formState.errors.password && (
        <p id="sign-up-password-hint" className="-mt-2 text-sm text-muted">
          At least 6 characters.
        </p>
      )}
      {confirmPassword && (
        <Field
          label="Confirm password"
          id="sign-up-confirm-password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      )}
      <Button type="submit" className="mt-2 w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
