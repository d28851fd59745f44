import { httpRoute, signedIn } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { OrderStatusChange } from '../schemas/order';
import { getBooking } from '../domain/records/bookings';
import { orderView } from '../domain/flows/orders';
import { changeOrderStatus } from '../domain/flows/order-status';

export const handler = httpRoute({ params: IdParams, body: OrderStatusChange }, async (input) => {
  const booking = await getBooking(input.params.id);
  if (!booking) throw notFound('Order not found');
  await changeOrderStatus(booking, input.body.paymentStatus, signedIn(input), new Date());
  return { body: orderView((await getBooking(booking.id, { consistent: true }))!) };
});
