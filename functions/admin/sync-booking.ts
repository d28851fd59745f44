import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getBooking } from '../domain/bookings';
import { syncWithStripe } from '../domain/payments';

/** 'Sync with Stripe' for one booking: updated, already paid, or no payment found. */
export const handler = httpRoute({ params: IdParams }, async ({ params }) => {
  const booking = await getBooking(params.id);
  if (!booking) throw notFound('Booking not found');
  return { body: { outcome: await syncWithStripe(booking, new Date()) } };
});
