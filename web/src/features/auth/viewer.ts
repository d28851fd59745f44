import { useActingMember, useAuthSession } from './session';

/**
 * Whose answers a page asks the API for: not `ready` while the session is being read (so a member
 * is never served a visitor's answer first), then the member's id (the viewed user's, while an
 * administrator views the site as them, as the API answers), or none for a visitor.
 */
export function useViewer(): { ready: boolean; userId: string | undefined } {
  const auth = useAuthSession();
  return { ready: auth.status !== 'loading', userId: useActingMember(auth)?.id };
}
