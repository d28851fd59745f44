import { escapeHtml, type Email } from '../lib/email';
import { formatWhen } from '../lib/when';
import { locationText, type SessionRecord } from './sessions';

/** A session someone shared: what, when (with the zone), where, and its page; nothing about who sent it. */
export function sessionSharedEmail(session: SessionRecord, to: string, siteUrl: string): Email {
  const link = `${siteUrl}/sessions/${encodeURIComponent(session.id)}`;
  const when = formatWhen(session.startTime);
  const where = locationText(session);
  return {
    to,
    subject: `A breathwork session for you: ${session.title}`,
    text: [
      'Hello,',
      '',
      'Someone thought you would like this session:',
      '',
      session.title,
      `When: ${when}`,
      `Where: ${where}`,
      '',
      `See the session and book a place: ${link}`,
    ].join('\n'),
    html: `<p>Hello,</p>
<p>Someone thought you would like this session:</p>
<p><strong>${escapeHtml(session.title)}</strong><br>When: ${escapeHtml(when)}<br>Where: ${escapeHtml(where)}</p>
<p><a href="${escapeHtml(link)}">See the session and book a place</a></p>`,
  };
}
