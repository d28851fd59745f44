import { eventConsumer } from '../lib/event-consumer';
import { offerKeptSeats } from '../domain/flows/waitlist-offers';

/** A seat kept for the waitlist, or an offer ended: the session's unoffered kept seats are offered on. */
export const handler = eventConsumer('waitlist/offer-seats', async ({ detail }) => {
  await offerKeptSeats(detail.sessionId);
});
