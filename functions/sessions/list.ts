import { openRoute } from '../lib/route-handler';
import { listUpcomingSessions, toSessionView } from '../domain/records/sessions';

export const handler = openRoute({}, async () => {
  const sessions = await listUpcomingSessions(new Date());
  return { body: { sessions: sessions.map(toSessionView) } };
});
