import { openRoute } from '../lib/route-handler';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { ShareRequest } from '../schemas/share';
import { getPublishedSession } from '../domain/records/sessions';
import { shareSession } from '../domain/flows/share';

/** Share on a session's page, by e-mail. */
export const handler = openRoute({ params: IdParams, body: ShareRequest }, async ({ params, body, clientAddress }) => {
  const session = await getPublishedSession(params.id);
  if (!session) throw notFound('Session not found');
  await shareSession(session.id, body.email, { now: new Date(), clientAddress });
  return { status: 202, body: { shared: true } };
});
