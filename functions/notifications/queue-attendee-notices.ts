import { eventConsumer } from '../lib/event-consumer';
import { queueNoticePage } from '../domain/flows/attendee-notices';
import { logger } from '../lib/logger';

/** A notice to a session's attendees (a change, or the administrator's message), queued to each, a page of bookings at a time. */
export const handler = eventConsumer('notifications/queue-attendee-notices', async ({ type, detail }) => {
  const cursor = type === 'AttendeeNoticesPage' ? detail.cursor : undefined;
  const queued = await queueNoticePage(detail.noticeId, cursor, new Date());
  logger.info('Attendee notices queued', { noticeId: detail.noticeId, queued });
});
