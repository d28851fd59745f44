import { httpRoute, signedIn } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getBooking } from '../domain/records/bookings';
import { resendConfirmation } from '../domain/flows/orders';

export const handler = httpRoute({ params: IdParams }, async (input) => {
  const booking = await getBooking(input.params.id);
  if (!booking) throw notFound('Order not found');
  await resendConfirmation(booking, signedIn(input), new Date());
  return { status: 202, body: { resent: true } };
});
