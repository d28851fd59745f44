import { eventConsumer } from '../lib/event-consumer';
import { getPlace, placeView } from '../domain/records/waitlist';
import { waitlistJoinedEmail, waitlistOfferEmail, waitlistOfferEndedEmail } from '../domain/emails/waitlist-emails';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

/** Tells the person on a waitlist where they stand: joined, offered a seat, or their offer ended. */
export const handler = eventConsumer('notifications/waitlist', async (event) => {
  const place = await getPlace(event.detail.placeId);
  if (!place) {
    logger.warn('Waitlist place no longer exists; no e-mail sent', { placeId: event.detail.placeId });
    return;
  }
  const view = await placeView(place);
  switch (event.type) {
    case 'WaitlistJoined':
      return sendEmail(waitlistJoinedEmail(place, view));
    case 'WaitlistOffered':
      return sendEmail(waitlistOfferEmail(place, { ...view, offerExpiresAt: event.detail.offerExpiresAt }));
    case 'WaitlistOfferEnded':
      // The administrator's removal is theirs to explain.
      if (event.detail.reason === 'removed') return;
      return sendEmail(waitlistOfferEndedEmail(place, view, event.detail.reason));
  }
});
