import { toast } from '@/components/ui/toast';
import { answerWithCode } from '../amplify';
import { errorName } from '../cognito-error';
import { refreshSignIn } from '../sign-in';
import { CodeForm } from './code-form';

type Props = {
  onSignedIn: () => void;
  /** The sign-in has lapsed (Cognito keeps the step open a few minutes): sign in again. */
  onExpired: () => void;
};

/** The second step of a two-step sign-in: the code the member's authenticator app shows now. */
export function AuthenticatorCodeForm({ onSignedIn, onExpired }: Props) {
  return (
    <CodeForm
      name="Enter your code"
      id="sign-in-code"
      submitLabel="Verify"
      busyLabel="Checking…"
      className="flex flex-col gap-4"
      buttonClassName="mt-2 w-full"
      send={async (code) => {
        await answerWithCode(code);
        await refreshSignIn();
        onSignedIn();
      }}
      failed={(error) => {
        toast.error('Error', { description: 'Failed to sign in' });
        if (errorName(error) === 'NotAuthorizedException') onExpired();
      }}
    >
      <div>
        <h2 className="text-xl">Two-step sign-in</h2>
        <p className="mt-2 text-sm text-muted">Enter the 6-digit code your authenticator app shows for this site.</p>
      </div>
    </CodeForm>
  );
}
