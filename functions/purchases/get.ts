import { impersonatedCaller } from '../domain/records/impersonations';
import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getPurchase, purchaseStatusView } from '../domain/records/purchases';

/**
 * The return page's status of a purchase. Its id is unguessable (Stripe's return address and the
 * buyer's browser carry it), so holding it is enough to learn the status, and nothing else: no
 * name, address, price or code.
 */
export const handler = httpRoute(
  { params: IdParams },
  async ({ params }) => {
    const purchase = await getPurchase(params.id);
    if (!purchase) throw notFound('Purchase not found');
    return { body: purchaseStatusView(purchase) };
  },
  { viewAsMember: impersonatedCaller },
);
