import { eventConsumer } from '../lib/event-consumer';
import { logger } from '../lib/logger';
import { endCancelledSession } from '../domain/flows/cancel-session';

/** Ends every booking and waitlist place of a session the administrator cancelled: each ending tells its person. */
export const handler = eventConsumer('sessions/end-cancelled-session', async ({ detail }) => {
  const ended = await endCancelledSession(detail.sessionId, new Date());
  logger.info('Ended what the cancelled session had', { sessionId: detail.sessionId, ...ended });
});
