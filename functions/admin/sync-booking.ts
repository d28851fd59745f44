import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getBooking } from '../domain/records/bookings';
import { syncWithStripe } from '../domain/flows/stripe-payments';
import { getPurchase } from '../domain/records/purchases';

/** 'Sync with Stripe' for one order, a booking or a recordings purchase: updated, already paid, or no payment found. */
export const handler = httpRoute({ params: IdParams }, async ({ params }) => {
  const [booking, purchase] = await Promise.all([getBooking(params.id), getPurchase(params.id)]);
  const order = booking
    ? { paid: booking.state === 'confirmed', checkoutSessionId: booking.checkoutSessionId }
    : purchase && { paid: purchase.state === 'paid', checkoutSessionId: purchase.checkoutSessionId };
  if (!order) throw notFound('Order not found');
  return { body: { outcome: await syncWithStripe(order, new Date()) } };
});
