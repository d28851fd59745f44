import { openRoute } from '../lib/route-handler';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getPublishedSession, toSessionView } from '../domain/records/sessions';

export const handler = openRoute({ params: IdParams }, async ({ params }) => {
  const session = await getPublishedSession(params.id);
  if (!session) throw notFound('Session not found');
  return { body: { session: toSessionView(session) } };
});
