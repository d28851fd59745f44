import { httpRoute, signedIn } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import type { CheckoutResumption } from '../schemas/booking';
import { getBooking } from '../domain/records/bookings';
import { resumeCheckout } from '../domain/flows/checkout';

export const handler = httpRoute({ params: IdParams }, async (input) => {
  const { userId } = signedIn(input);
  const booking = await getBooking(input.params.id);
  // Another member's booking is not found, as if it did not exist.
  if (booking?.userId !== userId) throw notFound('Booking not found');
  const answer: CheckoutResumption = {
    checkoutUrl: await resumeCheckout(booking, new Date(), Date.now() + input.context.getRemainingTimeInMillis()),
  };
  return { body: answer };
});
