import { notFound } from '../lib/errors';
import { placeOfLink, type WaitlistPlaceRecord } from '../domain/records/waitlist';

/** The place a waitlist link names; a wrong or unknown link is not found, and tells nothing more. */
export async function linkedPlace(token: { id: string; secret: string }): Promise<WaitlistPlaceRecord> {
  const place = await placeOfLink(token);
  if (!place) throw notFound('This waitlist link is not valid.');
  return place;
}
