import { httpRoute } from '../lib/http';
import { UserSearchQuery } from '../schemas/admin-user';
import { searchUsers } from '../domain/flows/admin-users';

/** /admin/users: people by name or the start of their e-mail address (everyone without text), a page at a time. */
export const handler = httpRoute({ query: UserSearchQuery }, async ({ query }) => ({
  body: await searchUsers(query.q, query.limit, query.cursor),
}));
