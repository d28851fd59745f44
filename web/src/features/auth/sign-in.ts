import { useEffect, useSyncExternalStore } from 'react';
import { setIdTokenSource, setTokenRefusedHandler } from '@/lib/api';
import { splitFullName } from '@/lib/names';
import { saveReturnUrl } from './return-url';
import { endImpersonation, useImpersonation } from './impersonation';

/** The signed-in member, as their ID token names them (first and last name as given at sign-up, if they were). */
export type SignedInMember = { id: string; email: string; name: string; firstName: string; lastName: string; isAdmin: boolean };

export type SignIn = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: SignedInMember };

const signedOut: SignIn = { status: 'signed-out' };

// Amplify keeps a sign-in in localStorage under CognitoIdentityServiceProvider.<client>.LastAuthUser.
const lastAuthUser = /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/;

/**
 * Whether this browser may hold a sign-in, without loading Amplify: a visitor who never signed
 * in has none of its keys, and the site then never downloads it.
 */
export function mayBeSignedIn(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) if (lastAuthUser.test(localStorage.key(i) ?? '')) return true;
  } catch {
    // Storage refused (a privacy mode): no sign-in can have been kept either.
  }
  return false;
}

export const loadAmplify = () => import('./amplify');

let state: SignIn = mayBeSignedIn() ? { status: 'loading' } : signedOut;
let pending: Promise<SignIn> | undefined;
const listeners = new Set<() => void>();

function publish(next: SignIn) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Reads the sign-in again (after sign-in or sign-out, or on first use), loading Amplify only if one may exist. */
export function refreshSignIn(): Promise<SignIn> {
  pending ??= (async () => {
    if (!mayBeSignedIn()) return signedOut;
    const amplify = await loadAmplify();
    const user = await amplify.currentUser().catch(() => undefined);
    return user ? ({ status: 'signed-in', user } as const) : signedOut;
  })()
    .catch(() => signedOut)
    .then((next) => {
      pending = undefined;
      publish(next);
      return next;
    });
  return pending;
}

/** The sign-in as it is known now; reads it first if it is not known yet (for route loaders). */
export function resolveSignIn(): Promise<SignIn> {
  return state.status === 'loading' ? refreshSignIn() : Promise.resolve(state);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** loading, signed-in with the member, or signed-out: for the top bar and any page. */
export function useSignIn(): SignIn {
  const current = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (current.status === 'loading') void refreshSignIn();
  }, [current.status]);
  return current;
}

/**
 * The member the pages book and buy for: the signed-in member or, while their administrator views
 * the site as a user, that user, so a form shows the user's address and name, never the administrator's.
 */
export function useActingMember(auth: SignIn): SignedInMember | undefined {
  const view = useImpersonation();
  if (auth.status !== 'signed-in') return undefined;
  // Only an administrator's view counts: the API answers anyone else as themselves.
  if (!view || !auth.user.isAdmin) return auth.user;
  const name = view.user.name ?? '';
  return { id: view.user.id, email: view.user.email, name, ...splitFullName(name), isAdmin: false };
}

/** Ends the sign-in; reports whether it ended cleanly (the two 'Logged out' texts of docs/product.md#accounts). */
export async function signOutMember(): Promise<boolean> {
  let clean = true;
  // An administrator's view as a user ends first, while their token can still say so.
  await endImpersonation();
  try {
    if (mayBeSignedIn()) await (await loadAmplify()).endSignIn();
  } catch (error) {
    clean = false;
    console.error('Sign-out failed', error);
  }
  publish(signedOut);
  return clean;
}

// API calls carry the member's ID token whenever a sign-in exists.
setIdTokenSource(async () => (mayBeSignedIn() ? (await loadAmplify()).idToken() : undefined));

/**
 * The sign-in may have ended elsewhere: another tab signed out (or in), or the API refused the
 * token (a refresh that failed). Read it again; a member page whose member is gone sends them to
 * sign in, and back here afterwards.
 */
function signInChangedElsewhere() {
  void refreshSignIn().then((next) => {
    if (next.status !== 'signed-out' || !location.pathname.startsWith('/dashboard')) return;
    saveReturnUrl(`${location.pathname}${location.search}`);
    location.assign('/sign-in');
  });
}
setTokenRefusedHandler(signInChangedElsewhere);
// Fired in every other tab of this site when Amplify's keys change (a sign-out or sign-in there).
// (No window where pages are rendered into HTML.)
globalThis.window?.addEventListener('storage', (event) => {
  if (event.key === null || lastAuthUser.test(event.key)) signInChangedElsewhere();
});
