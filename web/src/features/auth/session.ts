import { useEffect, useSyncExternalStore } from 'react';
import { setIdTokenSource, setTokenRefusedHandler } from '@/lib/api';
import { splitFullName } from '@/lib/names';
import { saveReturnUrl } from './return-url';
import { endImpersonation, useImpersonation } from './impersonation';

/** The signed-in member, as their ID token names them (first and last name as given at sign-up, if they were). */
export type SessionUser = { id: string; email: string; name: string; firstName: string; lastName: string; isAdmin: boolean };

export type AuthSession = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: SessionUser };

const signedOut: AuthSession = { status: 'signed-out' };

// Amplify keeps a session in localStorage under CognitoIdentityServiceProvider.<client>.LastAuthUser.
const lastAuthUser = /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/;

/**
 * Whether this browser may hold a session, without loading Amplify: a visitor who never signed
 * in has none of its keys, and the site then never downloads it.
 */
export function mayHaveSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) if (lastAuthUser.test(localStorage.key(i) ?? '')) return true;
  } catch {
    // Storage refused (a privacy mode): no session can have been kept either.
  }
  return false;
}

export const loadAmplify = () => import('./amplify');

let state: AuthSession = mayHaveSession() ? { status: 'loading' } : signedOut;
let pending: Promise<AuthSession> | undefined;
const listeners = new Set<() => void>();

function publish(next: AuthSession) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Reads the session again (after sign-in or sign-out, or on first use), loading Amplify only if one may exist. */
export function refreshSession(): Promise<AuthSession> {
  pending ??= (async () => {
    if (!mayHaveSession()) return signedOut;
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

/** The session as it is known now; reads it first if it is not known yet (for route loaders). */
export function resolveSession(): Promise<AuthSession> {
  return state.status === 'loading' ? refreshSession() : Promise.resolve(state);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** loading, signed-in with the member, or signed-out: for the top bar and any page. */
export function useAuthSession(): AuthSession {
  const current = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (current.status === 'loading') void refreshSession();
  }, [current.status]);
  return current;
}

/**
 * The member the pages book and buy for: the signed-in member or, while their administrator views
 * the site as a user, that user, so a form shows the user's address and name, never the administrator's.
 */
export function useActingMember(auth: AuthSession): SessionUser | undefined {
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
    if (mayHaveSession()) await (await loadAmplify()).endSession();
  } catch (error) {
    clean = false;
    console.error('Sign-out failed', error);
  }
  publish(signedOut);
  return clean;
}

// API calls carry the member's ID token whenever a session exists.
setIdTokenSource(async () => (mayHaveSession() ? (await loadAmplify()).idToken() : undefined));

/**
 * The session may have ended elsewhere: another tab signed out (or in), or the API refused the
 * token (a refresh that failed). Read it again; a member page whose member is gone sends them to
 * sign in, and back here afterwards.
 */
function sessionChangedElsewhere() {
  void refreshSession().then((next) => {
    if (next.status !== 'signed-out' || !location.pathname.startsWith('/dashboard')) return;
    saveReturnUrl(`${location.pathname}${location.search}`);
    location.assign('/sign-in');
  });
}
setTokenRefusedHandler(sessionChangedElsewhere);
// Fired in every other tab of this site when Amplify's keys change (a sign-out or sign-in there).
// (No window where pages are rendered into HTML.)
globalThis.window?.addEventListener('storage', (event) => {
  if (event.key === null || lastAuthUser.test(event.key)) sessionChangedElsewhere();
});
