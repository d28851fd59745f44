import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getSession } from '../domain/sessions';
import { attendeesCsv } from '../domain/attendee-export';

/** The session's attendees as a CSV file to download (Export CSV on the Attendees tab). */
export const handler = httpRoute({ params: IdParams }, async ({ params }) => {
  const session = await getSession(params.id);
  if (!session) throw notFound('Session not found');
  const file = await attendeesCsv(session);
  return {
    text: file.content,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.fileName}"`,
    },
  };
});
