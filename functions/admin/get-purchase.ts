import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { adminPurchaseView, getPurchase } from '../domain/records/purchases';
import { auditHistory } from '../domain/records/audit';
import type { AdminPurchaseDetail } from '../schemas/purchase';

/** A recordings purchase as the administrator sees it, with its history of changes. 404 once it is deleted. */
export const handler = httpRoute({ params: IdParams }, async ({ params }) => {
  const [purchase, history] = await Promise.all([getPurchase(params.id), auditHistory({ kind: 'purchase', id: params.id })]);
  if (!purchase) throw notFound('Purchase not found');
  const answer: AdminPurchaseDetail = { purchase: adminPurchaseView(purchase), history };
  return { body: answer };
});
