import { httpRoute, signedIn } from '../lib/http';
import { SessionForm } from '../schemas/admin-session';
import { createSession } from '../domain/flows/admin-sessions';

export const handler = httpRoute({ body: SessionForm }, async (input) => ({
  status: 201,
  body: await createSession(input.body, signedIn(input), new Date()),
}));
