import { useState } from 'react';
import { redirect, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { Tabs } from '@/components/ui/tabs';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { VerifyForm } from '@/features/auth/components/verify-form';
import { ForgotPasswordDialog } from '@/features/auth/components/forgot-password-dialog';
import { resolveSignIn } from '@/features/auth/sign-in';
import { afterSignIn } from '@/features/auth/return-url';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** A member who is already signed in goes on to where they were headed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signIn = await resolveSignIn();
  if (signIn.status === 'signed-in') return redirect(afterSignIn(new URL(request.url).searchParams));
  return null;
}

type Tab = 'sign-in' | 'sign-up';

export function SignInPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'sign-up' ? 'sign-up' : 'sign-in';
  // After creating an account: the code step, then back to Sign In with the address filled in.
  const [verifying, setVerifying] = useState<string>();
  const [signInEmail, setSignInEmail] = useState<string>();

  const selectTab = (next: Tab) => {
    setVerifying(undefined);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'sign-up') updated.set('tab', 'sign-up');
        else updated.delete('tab');
        return updated;
      },
      { replace: true },
    );
  };
  const signedIn = () => void navigate(afterSignIn(params), { replace: true });
  useDocumentTitle(verifying ? 'Verify your email' : tab === 'sign-up' ? 'Create Account' : 'Sign In');

  return (
    <AuthCard title="Welcome" intro="Sign in to see your sessions and recordings, or create an account.">
      <Tabs
        label="Account"
        idPrefix="account"
        tabs={[
          { id: 'sign-in', label: 'Sign In' },
          { id: 'sign-up', label: 'Create Account' },
        ]}
        selected={tab}
        onSelect={selectTab}
      />
      <div id="account-panel" role="tabpanel" aria-labelledby={`account-tab-${tab}`} className="mt-6">
        {verifying ? (
          <VerifyForm
            email={verifying}
            onVerified={() => {
              setSignInEmail(verifying);
              selectTab('sign-in');
            }}
          />
        ) : tab === 'sign-in' ? (
          <SignInForm
            key={signInEmail}
            defaultEmail={signInEmail}
            forgotPassword={<ForgotPasswordDialog openAtStart={params.get('tab') === 'reset-password'} />}
            onSignedIn={signedIn}
            onNeedsVerification={setVerifying}
          />
        ) : (
          <SignUpForm onCreated={setVerifying} />
        )}
      </div>
    </AuthCard>
  );
}
