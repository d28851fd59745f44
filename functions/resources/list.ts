import { openRoute } from '../lib/route-handler';
import { ResourceSearchQuery } from '../schemas/resource';
import { publicResources } from '../domain/records/resources';

/** /resources: the learning resources, newest first, found by `?q=` in their title, description or category. */
export const handler = openRoute({ query: ResourceSearchQuery }, async ({ query }) => ({
  body: await publicResources(query.q, new Date()),
}));
