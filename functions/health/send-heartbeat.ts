import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws';
import { scheduledJob } from '../lib/scheduled';
import { outboxEvent } from '../outbox/outbox';

/**
 * Every 10 minutes, a Heartbeat into the outbox: it takes the path every domain event takes (the
 * table's stream, the relay, the bus, a consumer), so its absence tells of a relay that stopped
 * without an error as well as of one that failed.
 */
export const handler = scheduledJob(async (now) => {
  await dynamo.send(new PutCommand(outboxEvent('Heartbeat', { sentAt: now.toISOString() }, now).Put));
});
