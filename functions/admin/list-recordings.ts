import { httpRoute } from '../lib/http';
import { adminRecordings } from '../domain/records/admin-recordings';

/** The Recordings Library table: every recording in the library's order, Free or Premium. */
export const handler = httpRoute({}, async () => ({ body: await adminRecordings() }));
