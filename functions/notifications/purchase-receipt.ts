import { eventConsumer } from '../lib/event-consumer';
import { getPurchase } from '../domain/records/purchases';
import { purchaseReceiptEmail } from '../domain/emails/purchase-emails';
import { sendEmail } from '../lib/email';

/** The buyer's receipt for a paid purchase of the recordings package. */
export const handler = eventConsumer('notifications/purchase-receipt', async ({ detail }) => {
  const purchase = await getPurchase(detail.purchaseId);
  if (!purchase) throw new Error(`The paid purchase ${detail.purchaseId} is missing`);
  await sendEmail(purchaseReceiptEmail(purchase));
});
