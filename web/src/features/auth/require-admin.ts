import type { LoaderFunctionArgs } from 'react-router';
import { requireMember } from './require-member';
import type { SignedInMember } from './sign-in';

/**
 * Route loader guard for /admin: a signed-out visitor signs in first and comes back; a member
 * who is not in the `admin` group gets the access-denied page (the admin layout shows it). The
 * page only spares a member a page of refusals: every admin route is checked on the server.
 */
export async function requireAdmin(args: LoaderFunctionArgs): Promise<SignedInMember> {
  return requireMember(args);
}
