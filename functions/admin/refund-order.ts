import { httpRoute, signedIn } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getBooking } from '../domain/bookings';
import { orderView, refundOrder } from '../domain/orders';

export const handler = httpRoute({ params: IdParams }, async (input) => {
  const booking = await getBooking(input.params.id);
  if (!booking) throw notFound('Order not found');
  await refundOrder(booking, signedIn(input), new Date());
  return { body: orderView((await getBooking(booking.id, { consistent: true }))!) };
});
