import { eventConsumer } from '../lib/event-consumer';
import { getPurchase } from '../domain/records/purchases';
import { purchaseAdminEmail } from '../domain/emails/purchase-emails';
import { sendEmail } from '../lib/email';
import { environment } from '../lib/environment';
import { logger } from '../lib/logger';

/** The teacher hears of each purchase started; the purchase never waits for (or fails with) this e-mail. */
export const handler = eventConsumer('notifications/purchase-admin-alert', async ({ detail }) => {
  const purchase = await getPurchase(detail.purchaseId);
  if (!purchase) {
    logger.warn('Purchase no longer exists; no admin alert sent', { purchaseId: detail.purchaseId });
    return;
  }
  await sendEmail(purchaseAdminEmail(purchase, environment('ADMIN_EMAIL')));
});
