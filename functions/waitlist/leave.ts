import { openRoute } from '../lib/route-handler';
import { TokenParams } from '../schemas/link-token';
import { getPlace, placeView } from '../domain/records/waitlist';
import { leaveWaiting } from '../domain/flows/waitlist-places';
import { endOffer } from '../domain/flows/waitlist-offers';
import { linkedPlace } from './place';

/** Leaves the waitlist: a waiting place is taken off it, an open offer is declined. Leaving twice changes nothing. */
export const handler = openRoute({ params: TokenParams }, async ({ params }) => {
  const place = await linkedPlace(params.token);
  const now = new Date();
  if (place.state === 'waiting' && (await leaveWaiting(place, now)) === 'not_waiting') {
    // Offered meanwhile: leaving now declines the offer.
    const current = await getPlace(place.id);
    if (current?.state === 'offered') await endOffer(current, 'declined', now);
  } else if (place.state === 'offered') {
    await endOffer(place, 'declined', now);
  }
  return { body: await placeView((await getPlace(place.id))!) };
});
