import { useAuthSession } from './session';

/**
 * Whose answers a page asks the API for: not `ready` while the session is being read (so a member
 * is never served a visitor's answer first), then the member's id, or none for a visitor.
 */
export function useViewer(): { ready: boolean; userId: string | undefined } {
  const auth = useAuthSession();
  return { ready: auth.status !== 'loading', userId: auth.status === 'signed-in' ? auth.user.id : undefined };
}
