import { useState } from 'react';
import { redirect, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { VerifyForm } from '@/features/auth/components/verify-form';
import { ForgotPasswordDialog } from '@/features/auth/components/forgot-password-dialog';
import { afterSignIn } from '@/features/auth/return-url';
import { resolveSignIn } from '@/features/auth/sign-in';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** With no address to set up, there is nothing to do here; a member signed in already goes on. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (!params.get('email')?.trim()) return redirect('/');
  // A member who is already signed in has an account: on, as /sign-in sends them.
  if ((await resolveSignIn()).status === 'signed-in') return redirect(afterSignIn(params));
  return null;
}

const benefits = [
  'Book sessions in a few clicks, with your details remembered',
  'See your upcoming and past sessions in one place',
  'Watch the recordings you have, whenever you like',
  'Find the bookings you made with this email already waiting for you',
];

type Step = 'create' | 'verify' | 'sign-in';

/**
 * Reached from an e-mail or page about a booking or purchase, for its address. It says nothing of
 * whether the address has an account (docs/product.md#accounts): it offers a new one, and signing
 * in beside it. Should the user pool answer a sign-up that the address is taken, it turns to
 * signing in and says so.
 */
export function SetupAccountPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim().toLowerCase() ?? '';
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('create');
  // The user pool refused a new account for the address: the sign-in step says why it is asked.
  const [known, setKnown] = useState(false);
  const signedIn = () => void navigate(afterSignIn(params), { replace: true });
  useDocumentTitle({ 'sign-in': 'Sign In', verify: 'Verify your email', create: 'Set up your account' }[step]);

  if (step === 'sign-in') {
    return (
      <AuthCard
        title="Sign In"
        intro={known ? 'You already have an account with this email. Sign in to continue.' : 'Sign in to continue.'}
      >
        <SignInForm
          email={email}
          forgotPassword={<ForgotPasswordDialog />}
          onSignedIn={signedIn}
          onNeedsVerification={() => setStep('verify')}
        />
      </AuthCard>
    );
  }
  if (step === 'verify') {
    return (
      <AuthCard title="Verify your email">
        <VerifyForm email={email} onVerified={() => setStep('sign-in')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set up your account" intro={`Create an account for ${email}, or sign in if you have one.`}>
      <h2 className="text-lg">With an account you can</h2>
      <ul className="mt-3 flex flex-col gap-2 text-sm text-ink/85">
        {benefits.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <span aria-hidden="true" className="text-sage">
              ✓
            </span>
            {benefit}
          </li>
        ))}
      </ul>
      <div className="mt-6 border-t border-linen pt-6">
        <SignUpForm
          email={email}
          confirmPassword
          onCreated={() => setStep('verify')}
          onExists={() => {
            setKnown(true);
            setStep('sign-in');
          }}
        />
        <p className="mt-4 text-center text-sm text-muted">
          Already have an account?{' '}
          <button
            type="button"
            onClick={() => setStep('sign-in')}
            className="font-medium text-clay-dark underline-offset-4 hover:underline"
          >
            Sign in
          </button>
        </p>
      </div>
    </AuthCard>
  );
}
