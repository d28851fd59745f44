import { eventConsumer } from '../lib/event-consumer';
import { count } from '../lib/metrics';
import { recordHeartbeat } from '../domain/records/health';

/** A heartbeat arrived: counted for the alarm that watches for their absence, and kept. */
export const handler = eventConsumer('health/heartbeat', async ({ detail }) => {
  await recordHeartbeat({ sentAt: detail.sentAt, receivedAt: new Date().toISOString() });
  count('heartbeat');
});
