import { httpRoute, signedIn } from '../lib/http';
import { notFound } from '../lib/errors';
import { SessionWaitlistParams } from '../lib/params';
import { getPlace } from '../domain/records/waitlist';
import { removePlace } from '../domain/flows/waitlist-offers';

/** The administrator takes someone off a session's waitlist; an open offer goes to the next person. */
export const handler = httpRoute({ params: SessionWaitlistParams }, async (input) => {
  const place = await getPlace(input.params.entryId);
  if (place?.sessionId !== input.params.id) throw notFound('Waitlist entry not found');
  return { body: { removed: await removePlace(place, signedIn(input), new Date()) } };
});
