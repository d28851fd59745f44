import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { CancellationRequest, type CheckoutCancellation } from '../schemas/booking';
import { attendeesBooking } from '../domain/records/bookings';
import { cancelCheckout } from '../domain/flows/checkout';

/**
 * The page Stripe sends a visitor back to when they leave its checkout unpaid gives up their
 * pending booking: a member's own, or a guest's with the token of its 'Manage booking' link.
 */
export const handler = httpRoute({ params: IdParams, body: CancellationRequest }, async ({ params, body, caller }) => {
  const own = await attendeesBooking(params.id, caller, body.token);
  if (!own) throw notFound('Booking not found');
  const answer: CheckoutCancellation = { released: await cancelCheckout(own.booking, new Date()) };
  return { body: answer };
});
