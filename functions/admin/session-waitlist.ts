import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import type { AdminWaitlist } from '../schemas/waitlist';
import { getSession } from '../domain/records/sessions';
import { listedPlaces } from '../domain/records/waitlist';

/** A session's waitlist for the administrator: who waits or holds an offer, first in line first. */
export const handler = httpRoute({ params: IdParams }, async ({ params }) => {
  const session = await getSession(params.id);
  if (!session) throw notFound('Session not found');
  const answer: AdminWaitlist = {
    places: (await listedPlaces(session.id))
      .filter((place) => place.state === 'waiting' || place.state === 'offered')
      .map((place) => ({
        id: place.id,
        name: place.name,
        email: place.email,
        phone: place.phone,
        state: place.state as 'waiting' | 'offered',
        joinedAt: place.joinedAt,
        offerExpiresAt: place.offerExpiresAt ?? null,
      })),
  };
  return { body: answer };
});
