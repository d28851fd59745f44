import { redirect, type LoaderFunctionArgs } from 'react-router';
import { resolveSignIn, type SignedInMember } from './sign-in';
import { saveReturnUrl } from './return-url';

/**
 * Route loader guard for member pages: a signed-out visitor is sent to /sign-in and comes back
 * here after signing in.
 */
export async function requireMember({ request }: LoaderFunctionArgs): Promise<SignedInMember> {
  const signIn = await resolveSignIn();
  if (signIn.status === 'signed-in') return signIn.user;
  const url = new URL(request.url);
  saveReturnUrl(`${url.pathname}${url.search}`);
  // react-router stops a loader with a thrown redirect.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw redirect('/sign-in');
}
