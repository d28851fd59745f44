import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getSession } from '../domain/records/sessions';
import { attendeesCsv } from '../domain/records/attendee-export';
import { csvDownload } from '../lib/csv';

/** The session's attendees as a CSV file to download (Export CSV on the Attendees tab). */
export const handler = httpRoute({ params: IdParams }, async ({ params }) => {
  const session = await getSession(params.id);
  if (!session) throw notFound('Session not found');
  return csvDownload(await attendeesCsv(session));
});
