import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { getAccount } from '../domain/records/accounts';
import { getProfile } from '../domain/records/profiles';
import { startImpersonation } from '../domain/records/impersonations';

/** 'Login as User': opens the administrator's read-only view of the site as this user, for an hour at most. */
export const handler = httpRoute({ params: IdParams }, async (input) => {
  const [account, profile] = await Promise.all([getAccount(input.params.id), getProfile(input.params.id)]);
  const user = { ...account, name: profile?.fullName || account.name };
  return { status: 201, body: await startImpersonation(signedIn(input), user, new Date()) };
});
