import { httpRoute, signedIn } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getBooking } from '../domain/records/bookings';
import { getPurchase } from '../domain/records/purchases';
import { orderView, purchaseOrderView, refundOrder } from '../domain/flows/orders';
import { refundPurchase } from '../domain/flows/purchase-payments';

/** A paid order refunded in full through Stripe: a booking's attendee removed, a purchase's package no longer owned. */
export const handler = httpRoute({ params: IdParams }, async (input) => {
  const now = new Date();
  const booking = await getBooking(input.params.id);
  if (booking) {
    await refundOrder(booking, signedIn(input), now);
    return { body: orderView((await getBooking(booking.id, { consistent: true }))!) };
  }
  const purchase = await getPurchase(input.params.id);
  if (!purchase) throw notFound('Order not found');
  await refundPurchase(purchase, signedIn(input), now);
  return { body: purchaseOrderView((await getPurchase(purchase.id, { consistent: true }))!) };
});
