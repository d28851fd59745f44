import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { deleteSession } from '../domain/flows/admin-sessions';

export const handler = httpRoute({ params: IdParams }, async (input) => {
  await deleteSession(input.params.id, signedIn(input), new Date());
  return { body: { deleted: true } };
});
