import { openRoute } from '../lib/route-handler';
import { conflict } from '../lib/errors';
import { TokenParams } from '../schemas/link-token';
import { getPlace, placeView } from '../domain/records/waitlist';
import { endOffer } from '../domain/flows/waitlist-offers';
import { linkedPlace } from './place';

/** Declines an open offer: the seat goes to the next person. Declining twice changes nothing. */
export const handler = openRoute({ params: TokenParams }, async ({ params }) => {
  const place = await linkedPlace(params.token);
  if (place.state === 'offered') await endOffer(place, 'declined', new Date());
  const current = (await getPlace(place.id))!;
  if (current.state !== 'declined') throw conflict('There is no open offer to decline.');
  return { body: await placeView(current) };
});
