import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { renderSVG } from 'uqr';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { queryRoots } from '@/lib/query-keys';
import { saveReturnUrl } from '../return-url';
import { loadAmplify, refreshSignIn } from '../sign-in';
import { CodeForm } from './code-form';

/** `returnTo`: where the member comes back to once signed in again, in two steps. */
type Props = { email: string; returnTo: string };

type Key = { status: 'making' } | { status: 'failed' } | { status: 'on already' } | { status: 'made'; key: string; uri: string };

/** The key in groups of four, as authenticator apps show keys typed in by hand. */
const grouped = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key;

/**
 * Two-step sign-in's set-up: a new key for the member's authenticator app, as a QR code to scan and
 * as text to type, then the first code the app shows, which turns it on. Every sign-in of the
 * member's ends then: the next starts with the password and a code.
 */
export function TwoStepSetUp({ email, returnTo }: Props) {
  // One key for as long as the set-up is open, asked for here and nowhere else: a new one replaces
  // it in the pool, which would void the QR code already scanned (a query could fetch it again).
  const [key, setKey] = useState<Key>({ status: 'making' });
  const makeKey = useCallback(() => {
    setKey({ status: 'making' });
    loadAmplify()
      .then((amplify) => amplify.newAuthenticatorKey(email))
      .then((made) => setKey(made ? { status: 'made', ...made } : { status: 'on already' }))
      .catch(() => setKey({ status: 'failed' }));
  }, [email]);
  useEffect(makeKey, [makeKey]);

  if (key.status === 'making') {
    return (
      <div aria-busy="true" aria-label="Preparing your key" className="flex flex-col gap-4">
        <Skeleton className="size-44 rounded-xl" />
        <Skeleton className="h-5 w-64" />
        <Skeleton className="h-16 w-full max-w-sm" />
      </div>
    );
  }
  if (key.status === 'failed') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-muted">
        A key for your app could not be made just now.
        <Button variant="secondary" size="sm" onClick={makeKey}>
          Try again
        </Button>
      </div>
    );
  }
  if (key.status === 'on already') return <p className="text-muted">Two-step sign-in is on for your account already.</p>;
  const qrCode = `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(key.uri, { border: 2 }))}`;
  return (
    <ol className="flex flex-col gap-6">
      <li>
        <p className="font-medium">1. Scan this QR code with your authenticator app</p>
        <p className="mt-1 text-sm text-muted">Google Authenticator, Microsoft Authenticator, 1Password and others all work.</p>
        <img src={qrCode} alt="QR code for your authenticator app" className="mt-3 size-44 rounded-xl border border-linen" />
        <p className="mt-3 text-sm text-muted">
          Can&apos;t scan it? Add the key by hand:{' '}
          <code className="break-all rounded bg-sand px-1.5 py-0.5 font-mono text-ink">{grouped(key.key)}</code>
        </p>
      </li>
      <li>
        <p className="font-medium">2. Enter the code your app shows</p>
        <FirstCodeForm returnTo={returnTo} />
      </li>
    </ol>
  );
}

function FirstCodeForm({ returnTo }: { returnTo: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <CodeForm
      name="Turn on two-step sign-in"
      id="two-step-code"
      submitLabel="Turn On Two-Step Sign-In"
      busyLabel="Turning on…"
      className="mt-3 flex max-w-sm flex-col gap-4"
      send={async (code) => {
        await (await loadAmplify()).turnOnTwoStepSignIn(code);
        // Signed out everywhere, this page too: what was read as the member goes, as at any sign-out.
        queryClient.removeQueries({ queryKey: queryRoots.me });
        await refreshSignIn();
        saveReturnUrl(returnTo);
        await navigate('/sign-in');
        toast.success('Two-step sign-in is on', { description: 'Sign in again with your password and a code from your app.' });
      }}
      failed={() => toast.error('Error', { description: 'Failed to turn on two-step sign-in' })}
    />
  );
}
