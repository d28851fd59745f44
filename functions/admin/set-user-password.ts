import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { AdminPasswordChange } from '../schemas/admin-user';
import { setUserPassword } from '../domain/flows/admin-users';

/** Sets a user's password for good: they sign in with it at once. The password is never stored or logged here. */
export const handler = httpRoute({ params: IdParams, body: AdminPasswordChange }, async (input) => {
  await setUserPassword(input.params.id, input.body.password, signedIn(input), new Date());
  return { body: { set: true } };
});
