import { useActingMember, useSignIn } from './sign-in';

/**
 * Whose answers a page asks the API for: not `ready` while the sign-in is being read (so a member
 * is never served a visitor's answer first), then the member's id (the viewed user's, while an
 * administrator views the site as them, as the API answers), or none for a visitor.
 */
export function useViewer(): { ready: boolean; userId: string | undefined } {
  const auth = useSignIn();
  return { ready: auth.status !== 'loading', userId: useActingMember(auth)?.id };
}
