import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { duplicateSession } from '../domain/flows/admin-sessions';

export const handler = httpRoute({ params: IdParams }, async (input) => ({
  status: 201,
  body: await duplicateSession(input.params.id, signedIn(input), new Date()),
}));
