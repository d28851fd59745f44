import { httpRoute } from '../lib/http';
import { getOverview } from '../domain/records/overview';

/** The figures /admin opens on. */
export const handler = httpRoute({}, async () => ({ body: await getOverview(new Date()) }));
