import type { Fact, MailSite, Paragraph } from '../../lib/email-layout';
import { formatDay, formatTimes } from '../../lib/when';
import type { BookingView } from '../../schemas/booking';
import { formatMoney } from '../../schemas/currency';
import type { Money } from '../../schemas/money';

/** A session as e-mails name it: what a booking's view and a session's record both have. */
export type MailedSession = Pick<BookingView['session'], 'startTime' | 'endTime' | 'place'>;

/**
 * A session's facts for an e-mail: its day, its times with the teacher's zone, its full place, and
 * for an attendee who holds a place in an online session, its joining link.
 */
export function sessionFacts(session: MailedSession, joinLink?: string | null): Fact[] {
  return [
    { label: 'Date', value: formatDay(session.startTime) },
    { label: 'Time', value: formatTimes(session.startTime, session.endTime) },
    { label: 'Where', value: session.place },
    ...(joinLink ? [{ label: 'Join online', value: joinLink, link: true }] : []),
  ];
}

/** A session's price per place, when there is one to pay. */
export const priceFact = (price: Money): Fact[] => (price.amount > 0 ? [{ label: 'Price', value: formatMoney(price) }] : []);

/** A session's public page, where anyone can read about it and book. */
export const sessionUrl = (site: MailSite, sessionId: string) => `${site.url}/sessions/${encodeURIComponent(sessionId)}`;

/**
 * What everyone booked on or waiting for a cancelled session reads first: that the teacher has
 * cancelled it, then her message if she wrote one, a paragraph per line.
 */
export function sessionCancelledWords(message: string | undefined): Paragraph[] {
  const lines = (message ?? '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return ['We are sorry: the teacher has had to cancel this session.', ...lines];
}
