import type { Email } from '../../lib/email';
import { emailTo, mailSite, type EmailContent, type MailSite } from '../../lib/email-layout';
import { linkToken } from '../../lib/link-token';
import { formatWhen } from '../../lib/when';
import { waitlistRules, type WaitlistPlace } from '../../schemas/waitlist';
import { priceFact, sessionCancelledWords, sessionFacts } from './session-facts';
import type { WaitlistPlaceRecord } from '../records/waitlist';

/** The page of a place on the list, which only its e-mails link to: where it stands, and the offer to take or pass on. */
const placeUrl = (site: MailSite, place: WaitlistPlaceRecord) => `${site.url}/waitlist/${linkToken(place.id, place.secret)}`;

/**
 * A waitlist e-mail to the person on the list, on the layout: the session as its heading, a
 * greeting before the words, and the session's facts (before `facts` of its own).
 */
function waitlistEmail(
  place: WaitlistPlaceRecord,
  view: WaitlistPlace,
  site: MailSite,
  content: Omit<EmailContent, 'heading'>,
): Email {
  const { session } = view;
  return emailTo(
    place.email,
    {
      ...content,
      heading: session.title,
      paragraphs: [`Hello ${place.name},`, ...content.paragraphs],
      facts: [...sessionFacts(session), ...(content.facts ?? [])],
    },
    site,
  );
}

/** Joined: their position, how an offer works, and the way to leave. */
export function waitlistJoinedEmail(place: WaitlistPlaceRecord, view: WaitlistPlace, site: MailSite = mailSite()): Email {
  const link = placeUrl(site, place);
  return waitlistEmail(place, view, site, {
    subject: `You're on the waitlist: ${view.session.title}`,
    preview: "We'll notify you if a spot becomes available.",
    status: { text: "You're on the waitlist", tone: 'pending' },
    paragraphs: [
      `You've been added to the waitlist${view.position ? `, number ${view.position} in line` : ''}.`,
      `We'll notify you if a spot becomes available. We then hold it for you for up to ${waitlistRules.offerHours} hours, and you can take it or pass it on.`,
    ],
    facts: priceFact(view.session.price),
    action: { label: 'See your place', url: link },
    closing: [["Can't come after all? ", { link, text: 'Leave the waitlist' }, ', so that the next person hears sooner.']],
  });
}

/** A seat is held for them until the offer expires: take it, or pass it on. */
export function waitlistOfferEmail(place: WaitlistPlaceRecord, view: WaitlistPlace, site: MailSite = mailSite()): Email {
  const link = placeUrl(site, place);
  const until = formatWhen(view.offerExpiresAt!);
  return waitlistEmail(place, view, site, {
    subject: `A spot is free for you: ${view.session.title}`,
    preview: `We're holding it for you until ${until}.`,
    status: { text: 'A spot is held for you', tone: 'confirmed' },
    paragraphs: [`A spot has become available and we are holding it for you until ${until}.`],
    facts: priceFact(view.session.price),
    action: { label: view.session.price.amount > 0 ? 'Take the spot and pay' : 'Take the spot', url: link },
    closing: [["Can't come? ", { link, text: 'Pass it on' }, ', so that we can offer it to the next person on the waitlist.']],
  });
}

/** Their offer ended: they passed it on, or its time ran out. Their place's page has nothing left to do. */
export function waitlistOfferEndedEmail(
  place: WaitlistPlaceRecord,
  view: WaitlistPlace,
  reason: 'declined' | 'lapsed',
  site: MailSite = mailSite(),
): Email {
  const { title } = view.session;
  const lapsed = reason === 'lapsed';
  return waitlistEmail(place, view, site, {
    subject: lapsed ? `Your held spot has been released: ${title}` : `You passed on the spot: ${title}`,
    preview: 'The spot has gone to the next person on the waitlist.',
    status: { text: lapsed ? 'Held spot released' : 'You passed on the spot', tone: 'released' },
    paragraphs: [
      lapsed
        ? 'The spot we held for you was not taken in time, so it has gone to the next person on the waitlist.'
        : 'Thank you for letting us know: the spot has gone to the next person on the waitlist.',
      'You are no longer on the waitlist for this session.',
    ],
    action: { label: 'Find another session', url: site.url },
    closing: ['We hope to see you at another session.'],
  });
}

/** The session they waited for, or held an offer for, is cancelled: they are off its list. */
export function waitlistSessionCancelledEmail(
  place: WaitlistPlaceRecord,
  view: WaitlistPlace,
  sessionCancelled: { message?: string },
  site: MailSite = mailSite(),
): Email {
  return waitlistEmail(place, view, site, {
    subject: `Session cancelled: ${view.session.title}`,
    preview: 'The teacher has had to cancel this session.',
    status: { text: 'Session cancelled', tone: 'released' },
    paragraphs: [...sessionCancelledWords(sessionCancelled.message), 'You are no longer on the waitlist for this session.'],
    action: { label: 'Find another session', url: site.url },
    closing: ['We hope to see you at another session.'],
  });
}
