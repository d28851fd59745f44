import { eventConsumer } from '../lib/event-consumer';
import { getPlace, placeView, type WaitlistPlaceRecord } from '../domain/records/waitlist';
import type { WaitlistPlace } from '../schemas/waitlist';
import { getSession } from '../domain/records/sessions';
import {
  waitlistJoinedEmail,
  waitlistOfferEmail,
  waitlistOfferEndedEmail,
  waitlistSessionCancelledEmail,
} from '../domain/emails/waitlist-emails';
import { sendEmail } from '../lib/email';
import { logger } from '../lib/logger';

/** The e-mail that the session they wait for is cancelled, with the teacher's message. */
const sessionCancelledEmail = async (place: WaitlistPlaceRecord, view: WaitlistPlace) =>
  waitlistSessionCancelledEmail(place, view, (await getSession(place.sessionId))?.cancelled ?? {});

/** Tells the person on a waitlist where they stand: joined, offered a seat, their offer ended, or the session cancelled. */
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
      if (event.detail.reason === 'session_cancelled') return sendEmail(await sessionCancelledEmail(place, view));
      return sendEmail(waitlistOfferEndedEmail(place, view, event.detail.reason));
    case 'WaitlistSessionCancelled':
      return sendEmail(await sessionCancelledEmail(place, view));
  }
});
