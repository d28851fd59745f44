import { scheduledJob } from '../lib/scheduled';
import { logger } from '../lib/logger';
import { queueReminders } from '../domain/flows/reminders';

export const handler = scheduledJob(async (now) => {
  const queued = await queueReminders(now);
  if (queued > 0) logger.info('Reminders and starting-soon e-mails queued', { queued });
});
