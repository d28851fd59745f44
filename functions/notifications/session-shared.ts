import { eventConsumer } from '../lib/event-consumer';
import { getSession } from '../domain/records/sessions';
import { sessionSharedEmail } from '../domain/emails/share-email';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

/** Sends a shared session to the address it was shared with. */
export const handler = eventConsumer('notifications/session-shared', async ({ detail }) => {
  const session = await getSession(detail.sessionId);
  if (!session) {
    logger.warn('Session no longer exists; nothing shared', { sessionId: detail.sessionId });
    return;
  }
  await sendEmail(sessionSharedEmail(session, detail.to));
});
