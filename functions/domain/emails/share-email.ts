import type { Email } from '../../lib/email';
import { emailTo, mailSite, type MailSite } from '../../lib/email-layout';
import { priceFact, sessionFacts, sessionUrl } from './session-facts';
import { endTime, placeText, type SessionRecord } from '../records/sessions';

/**
 * A session someone shared: what, when (with the zone), where, its price and its page; nothing
 * about who sent it, nor about any booking of theirs.
 */
export function sessionSharedEmail(session: SessionRecord, to: string, site: MailSite = mailSite()): Email {
  return emailTo(
    to,
    {
      subject: `A breathwork session for you: ${session.title}`,
      preview: 'Someone thought you would like this session.',
      status: { text: 'Shared with you', tone: 'neutral' },
      heading: session.title,
      paragraphs: ['Hello,', 'Someone thought you would like this session.'],
      facts: [
        ...sessionFacts({ startTime: session.startTime, endTime: endTime(session), place: placeText(session) }),
        ...priceFact({ amount: session.priceAmount, currency: session.priceCurrency }),
      ],
      action: { label: 'See the session', url: sessionUrl(site, session.id) },
      footer: ['You are receiving this because someone shared this session with your address.'],
    },
    site,
  );
}
