import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import type { PurchaseCheckoutCancellation } from '../schemas/purchase';
import { getPurchase } from '../domain/records/purchases';
import { cancelPurchaseCheckout } from '../domain/flows/buy-package';

/**
 * The page Stripe sends a buyer back to when they leave its checkout unpaid ends their pending
 * purchase. As for its status, holding the purchase's unguessable id (Stripe's return address and
 * the buyer's browser carry it) is enough: all it can do is end a checkout nobody has paid.
 */
export const handler = httpRoute({ params: IdParams }, async ({ params }) => {
  const purchase = await getPurchase(params.id);
  if (!purchase) throw notFound('Purchase not found');
  const answer: PurchaseCheckoutCancellation = { ended: await cancelPurchaseCheckout(purchase, new Date()) };
  return { body: answer };
});
