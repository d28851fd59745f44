import { httpRoute } from '../lib/http';
import { IdParams } from '../lib/params';
import { adminRecording } from '../domain/records/admin-recordings';

export const handler = httpRoute({ params: IdParams }, async ({ params }) => ({ body: await adminRecording(params.id) }));
