import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getBooking } from '../domain/records/bookings';
import { getPurchase } from '../domain/records/purchases';
import { orderView, purchaseOrderView } from '../domain/flows/orders';
import { auditHistory } from '../domain/records/audit';
import type { AdminOrderDetail } from '../schemas/order';

/** An order (a booking or a recordings purchase) as the admin sees it, with its history of changes. */
export const handler = httpRoute({ params: IdParams }, async ({ params }) => {
  const [booking, purchase] = await Promise.all([getBooking(params.id), getPurchase(params.id)]);
  const order = booking ? orderView(booking) : purchase && purchaseOrderView(purchase);
  if (!order) throw notFound('Order not found');
  const answer: AdminOrderDetail = { order, history: await auditHistory({ kind: order.kind, id: order.id }) };
  return { body: answer };
});
