import { scheduledJob } from '../lib/scheduled';
import { reconcilePayments } from '../domain/flows/stripe-payments';

export const handler = scheduledJob(async (now) => {
  await reconcilePayments(now);
});
