import { openRoute } from '../lib/route-handler';
import { IdParams } from '../lib/params';
import { ShareRequest } from '../schemas/share';
import { getOpenSession } from '../domain/records/sessions';
import { shareSession } from '../domain/flows/share';

/** Share on a session's page, by e-mail. */
export const handler = openRoute({ params: IdParams, body: ShareRequest }, async ({ params, body, clientAddress }) => {
  const session = await getOpenSession(params.id);
  await shareSession(session.id, body.email, { now: new Date(), clientAddress });
  return { status: 202, body: { shared: true } };
});
