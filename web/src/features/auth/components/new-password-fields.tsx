import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { NewPasswordForm } from '@schemas/account';
import { Field } from '@/components/ui/field';

/** The new password and its confirmation, as the reset page and the first sign-in ask for them. */
export function NewPasswordFields({
  register,
  errors,
}: {
  register: UseFormRegister<NewPasswordForm>;
  errors: FieldErrors<NewPasswordForm>;
}) {
  return (
    <>
      <Field
        label="New password"
        id="new-password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Field
        label="Confirm password"
        id="confirm-password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}
