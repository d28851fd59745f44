import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { SessionForm } from '../schemas/admin-session';
import { updateSession } from '../domain/flows/admin-sessions';

export const handler = httpRoute({ params: IdParams, body: SessionForm }, async (input) => ({
  body: await updateSession(input.params.id, input.body, signedIn(input), new Date()),
}));
