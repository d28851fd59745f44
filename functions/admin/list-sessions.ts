import * as z from 'zod/mini';
import { httpRoute } from '../lib/http';
import { listAdminSessions } from '../domain/flows/admin-sessions';

const ListQuery = z.object({
  when: z._default(z.enum(['upcoming', 'past'], { error: "when must be 'upcoming' or 'past'" }), 'upcoming'),
});

/** The admin's Upcoming and Past tabs, with the count of each. */
export const handler = httpRoute({ query: ListQuery }, async ({ query }) => ({
  body: await listAdminSessions(query.when, new Date()),
}));
