import { escapeHtml, type Email } from '../lib/email';
import { linkToken } from '../lib/link-token';
import { formatWhen } from '../lib/when';
import type { WaitlistPlace } from '../schemas/waitlist';
import type { WaitlistPlaceRecord } from './waitlist';

/** The words of one waitlist e-mail: its paragraphs, and the one link to the person's place. */
type WaitlistWords = { subject: string; paragraphs: string[]; action: string };

/** A waitlist e-mail to the person on the list: a greeting, the session, the words, and their place's link. */
function waitlistMessage(place: WaitlistPlaceRecord, view: WaitlistPlace, siteUrl: string, words: WaitlistWords): Email {
  const link = `${siteUrl}/waitlist/${linkToken(place.id, place.secret)}`;
  const session = `${view.session.title}, ${formatWhen(view.session.startTime)}, ${view.session.location}`;
  return {
    to: place.email,
    subject: words.subject,
    text: [`Hello ${place.name},`, '', session, '', ...words.paragraphs.flatMap((p) => [p, '']), `${words.action}: ${link}`].join(
      '\n',
    ),
    html: [
      `<p>Hello ${escapeHtml(place.name)},</p>`,
      `<p><strong>${escapeHtml(view.session.title)}</strong><br>${escapeHtml(formatWhen(view.session.startTime))}<br>${escapeHtml(view.session.location)}</p>`,
      ...words.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a></p>`,
    ].join('\n'),
  };
}

/** Joined: their position, and the way to leave. */
export const waitlistJoinedEmail = (place: WaitlistPlaceRecord, view: WaitlistPlace, siteUrl: string) =>
  waitlistMessage(place, view, siteUrl, {
    subject: `You're on the waitlist: ${view.session.title}`,
    paragraphs: [
      `You've been added to the waitlist${view.position ? `, number ${view.position} in line` : ''}.`,
      `We'll notify you if a spot becomes available: the seat is then held for you for a while, and you can take it or pass it on.`,
    ],
    action: 'See your place or leave the waitlist',
  });

/** A seat is held for them until the offer expires. */
export const waitlistOfferEmail = (place: WaitlistPlaceRecord, view: WaitlistPlace, siteUrl: string) =>
  waitlistMessage(place, view, siteUrl, {
    subject: `A spot is free for you: ${view.session.title}`,
    paragraphs: [
      `A spot has become available and we are holding it for you until ${formatWhen(view.offerExpiresAt!)}.`,
      'Take it before then, or let us know you cannot come so that we can offer it to the next person.',
    ],
    action: 'Take the spot or pass it on',
  });

/** Their offer ended: they passed it on, or its time ran out. */
export const waitlistOfferEndedEmail = (
  place: WaitlistPlaceRecord,
  view: WaitlistPlace,
  reason: 'declined' | 'lapsed',
  siteUrl: string,
) =>
  waitlistMessage(place, view, siteUrl, {
    subject:
      reason === 'lapsed'
        ? `Your held spot has been released: ${view.session.title}`
        : `You passed on the spot: ${view.session.title}`,
    paragraphs: [
      reason === 'lapsed'
        ? 'The spot we held for you was not taken in time, so it has gone to the next person on the waitlist.'
        : 'Thank you for letting us know: the spot has gone to the next person on the waitlist.',
      'You are no longer on the waitlist for this session. We hope to see you at another one.',
    ],
    action: 'See the session',
  });
