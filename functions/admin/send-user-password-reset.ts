import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { sendUserPasswordReset } from '../domain/flows/admin-users';

/** E-mails the user the site's password-reset link, as 'Forgot password?' does. */
export const handler = httpRoute({ params: IdParams }, async (input) => ({
  body: await sendUserPasswordReset(input.params.id, signedIn(input), new Date()),
}));
