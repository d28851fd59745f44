import * as z from 'zod/mini';
import { personName } from './text';

/** The shortest password (docs/product.md#accounts); the user pool's policy says the same (`userPoolSettings`). */
export const PASSWORD_MIN_LENGTH = 6;
/** Said of a new account's password (sign-up and setup-account) shorter than that. */
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;

export const emailAddress = z.pipe(
  z
    .string({ error: 'Please enter a valid email address' })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, 'Please enter a valid email address')),
  z.email('Please enter a valid email address'),
);

/** Sign in: the password is only required, its rules were checked when it was chosen. */
export const SignInForm = z.object({
  email: emailAddress,
  password: z.string().check(z.minLength(1, 'Password required')),
});
export type SignInForm = z.infer<typeof SignInForm>;

/** Create account: first and last name become the profile's full name. */
export const SignUpForm = z.object({
  firstName: personName('First name', 100),
  lastName: personName('Last name', 100),
  email: emailAddress,
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT), z.maxLength(256, 'Password is too long')),
});
export type SignUpForm = z.infer<typeof SignUpForm>;

/** The code Cognito e-mails to verify the address. */
export const VerificationForm = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{4,8}$/, 'Enter the code from the e-mail')),
});
export type VerificationForm = z.infer<typeof VerificationForm>;

/** A code from an authenticator app: six digits, typed with or without a space in the middle. */
export const AuthenticatorCodeForm = z.object({
  code: z.pipe(
    z.string().check(z.overwrite((code) => code.replace(/\s/g, ''))),
    z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code from your app')),
  ),
});
export type AuthenticatorCodeForm = z.infer<typeof AuthenticatorCodeForm>;

export const ForgotPasswordForm = z.object({ email: emailAddress });
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordForm>;

/** The reset page: new and confirm, at least six and the same. */
export const NewPasswordForm = z
  .object({
    password: z
      .string()
      .check(
        z.minLength(PASSWORD_MIN_LENGTH, 'Password should be at least 6 characters long.'),
        z.maxLength(256, 'Password is too long'),
      ),
    confirmPassword: z.string(),
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] }),
  );
export type NewPasswordForm = z.infer<typeof NewPasswordForm>;

const atLeastSix = z
  .string({ error: 'Password must be at least 6 characters' })
  .check(z.minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters'), z.maxLength(256, 'Password is too long'));

/** Settings' Change Password: each field at least six, new and confirm the same. */
export const ChangePasswordForm = z
  .object({
    currentPassword: atLeastSix,
    newPassword: atLeastSix,
    confirmPassword: atLeastSix,
  })
  .check(
    z.refine((form) => form.newPassword === form.confirmPassword, {
      message: "Passwords don't match",
      path: ['confirmPassword'],
    }),
  );
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;
