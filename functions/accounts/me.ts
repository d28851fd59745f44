import { httpRoute, signedIn } from '../lib/http';

/** Who the caller is, from their verified token: the site decides what to show from this. */
export const handler = httpRoute({}, async (input) => {
  const { userId, email, name, isAdmin } = signedIn(input);
  return { body: { user: { id: userId, email, name, isAdmin } } };
});
