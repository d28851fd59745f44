import { scheduledJob } from '../lib/scheduled';
import { logger } from '../lib/logger';
import { measureSeconds } from '../lib/metrics';
import { releaseExpiredHolds } from '../domain/flows/hold-sweep';
import { oldestLapsedHold } from '../domain/records/holds';

export const handler = scheduledJob(async (now) => {
  const released = await releaseExpiredHolds(now);
  if (released > 0) logger.info('Expired seat holds released', { released });
  // A sweep that runs and ends nothing raises no error: how long the oldest one left has waited does.
  const oldest = await oldestLapsedHold(now);
  measureSeconds('oldestExpiredHold', oldest ? Math.round((now.getTime() - oldest.getTime()) / 1000) : 0);
});
