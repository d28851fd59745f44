import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { AdminUserUpdate } from '../schemas/admin-user';
import { updateUser } from '../domain/flows/admin-users';

/** The administrator edits a user's full name and subscription status; answers the user's page. */
export const handler = httpRoute({ params: IdParams, body: AdminUserUpdate }, async (input) => ({
  body: await updateUser(input.params.id, input.body, signedIn(input), new Date()),
}));
