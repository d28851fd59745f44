import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getBooking } from '../domain/bookings';
import { orderView } from '../domain/orders';
import { auditHistory } from '../domain/audit';
import type { AdminOrderDetail } from '../schemas/order';

/** An order as the admin sees it, with its history of changes. */
export const handler = httpRoute({ params: IdParams }, async ({ params }) => {
  const booking = await getBooking(params.id);
  if (!booking) throw notFound('Order not found');
  const answer: AdminOrderDetail = {
    order: orderView(booking),
    history: await auditHistory({ kind: 'booking', id: booking.id }),
  };
  return { body: answer };
});
