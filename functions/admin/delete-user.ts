import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { deleteUser } from '../domain/flows/admin-users';

/** Deletes a user's account and profile; what they booked and bought stays, as a guest's. */
export const handler = httpRoute({ params: IdParams }, async (input) => ({
  body: await deleteUser(input.params.id, signedIn(input), new Date()),
}));
