import { httpRoute } from '../lib/http';
import { leadsCsv } from '../domain/records/recording-leads';
import { csvDownload } from '../lib/csv';

/** Every free-recording lead as a CSV file to download (Export CSV on the Leads tab). */
export const handler = httpRoute({}, async () => csvDownload(await leadsCsv(new Date())));
