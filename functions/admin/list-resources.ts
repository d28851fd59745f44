import { httpRoute } from '../lib/http';
import type { AdminResourceList } from '../schemas/resource';
import { adminResourceView, allResources } from '../domain/records/resources';

/** 'Manage Resources': every resource, newest first. */
export const handler = httpRoute({}, async () => {
  const answer: AdminResourceList = { resources: (await allResources()).map(adminResourceView) };
  return { body: answer };
});
