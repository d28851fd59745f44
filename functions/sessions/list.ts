import { httpRoute } from '../lib/http';
import { listUpcomingSessions, toSessionView } from '../domain/sessions';

export const handler = httpRoute({}, async () => {
  const sessions = await listUpcomingSessions(new Date());
  return { body: { sessions: sessions.map(toSessionView) } };
});
