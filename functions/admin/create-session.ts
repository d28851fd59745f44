import { httpRoute, signedIn } from '../lib/http';
import { NewSessionQuery, SessionForm } from '../schemas/admin-session';
import { createSession } from '../domain/flows/admin-sessions';

export const handler = httpRoute({ body: SessionForm, query: NewSessionQuery }, async (input) => ({
  status: 201,
  body: await createSession(input.body, { draft: input.query.draft === 'true' }, signedIn(input), new Date()),
}));
