import { httpRoute } from '../lib/http';
import { PageQuery } from '../lib/paging';
import type { AdminLeadPage } from '../schemas/recording';
import { listLeads } from '../domain/records/recording-leads';

/** The free-recording leads: every address that opened a free recording, newest first, a page at a time. */
export const handler = httpRoute({ query: PageQuery }, async ({ query }) => {
  const page = await listLeads(query);
  const answer: AdminLeadPage = { leads: page.items, nextCursor: page.nextCursor };
  return { body: answer };
});
