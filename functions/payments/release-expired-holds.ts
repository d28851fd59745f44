import { scheduledJob } from '../lib/scheduled';
import { logger } from '../lib/logger';
import { releaseExpiredHolds } from '../domain/flows/hold-sweep';

export const handler = scheduledJob(async (now) => {
  const released = await releaseExpiredHolds(now);
  if (released > 0) logger.info('Expired seat holds released', { released });
});
