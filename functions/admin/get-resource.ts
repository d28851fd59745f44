import { httpRoute } from '../lib/http';
import { IdParams } from '../lib/params';
import { adminResource } from '../domain/records/resources';

export const handler = httpRoute({ params: IdParams }, async ({ params }) => ({ body: await adminResource(params.id) }));
