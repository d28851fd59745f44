import type { ComponentChildren } from 'preact';
import { renderToStaticMarkup } from 'preact-render-to-string';
import { SITE_NAME } from '../schemas/site-config';
import type { Email } from './email';
import { environment, optionalEnvironment } from './environment';

/*
 * Every e-mail the product sends has this one layout: the site's name, colours and type, a status
 * line and a heading, the message, the session's facts, one button, and a footer with how to
 * cancel and where to write. To write a new e-mail, build an `EmailContent` and pass it to
 * `renderEmail`, which answers `{ subject, text, html }`:
 *
 *   renderEmail({
 *     subject: `Booking confirmed: ${title}`,
 *     preview: 'Your place is booked.',
 *     status: { text: 'Booking confirmed', tone: 'confirmed' },
 *     heading: title,
 *     paragraphs: [`Hello ${name},`, ['Your place is booked for ', { bold: title }, '.']],
 *     facts: sessionFacts(session),                      // functions/domain/emails/session-facts.ts
 *     action: { label: 'View your booking', url },
 *   });
 *
 * Write every text as plain words, whoever typed them: the layout escapes them in the HTML part
 * and keeps each to one line in both parts. Never put markup in a text.
 */

/** Words of a paragraph: plain text, text in bold, or a link. */
export type Words = string | { bold: string } | { link: string; text: string };
/** A paragraph: one text, or words in a row. */
export type Paragraph = string | Words[];

/** One labelled fact, such as 'Date', 'Time' or 'Where'; `link` when the value is an address to open. */
export type Fact = { label: string; value: string; link?: boolean };

/** The colour of the status line, as the site's confirmation page colours each state. */
export type Tone = 'confirmed' | 'pending' | 'released' | 'neutral';

/** What one e-mail says. */
export type EmailContent = {
  subject: string;
  /** The line an inbox shows after the subject. */
  preview: string;
  /** In small capitals above the heading: 'Booking confirmed', 'Payment pending'. */
  status: { text: string; tone: Tone };
  heading: string;
  paragraphs: Paragraph[];
  /** The session: its date, its time with the zone, and its full place (or joining link). */
  facts?: Fact[];
  /** A code to type, shown large. */
  code?: string;
  /** The one button. */
  action?: { label: string; url: string };
  /** Smaller paragraphs after the button. */
  closing?: Paragraph[];
  /** Above the footer's contact line: how to cancel. */
  footer?: Paragraph[];
  /** Mail to the teacher: the footer does not ask them to write to themselves. */
  toTeacher?: boolean;
};

export type RenderedEmail = { subject: string; text: string; html: string };

/** The site as e-mails name it: its name, its address, and where to write with questions (mailto: or https:). */
export type MailSite = { name: string; url: string; contactUrl?: string };

export const mailSite = (): MailSite => ({
  name: SITE_NAME,
  url: environment('SITE_URL'),
  contactUrl: optionalEnvironment('SITE_CONTACT_URL'),
});

/** Renders an e-mail: the HTML part in the site's look and the plain-text part, from the same content. */
export function renderEmail(content: EmailContent, site: MailSite = mailSite()): RenderedEmail {
  return {
    subject: oneLine(content.subject),
    text: plainText(content, site),
    html: `<!DOCTYPE html>${renderToStaticMarkup(<Layout content={content} site={site} />)}`,
  };
}

/** An e-mail to its address, on the layout. */
export const emailTo = (to: string, content: EmailContent, site: MailSite, attachments?: Email['attachments']): Email => ({
  to,
  ...renderEmail(content, site),
  ...(attachments && { attachments }),
});

// Line breaks, other control characters and the marks that reorder text on screen: none of them
// may turn a typed text into lines of its own or show it as other text.
// eslint-disable-next-line no-control-regex
const breaksAndControls = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u200E\u200F\u202A-\u202E\u2066-\u2069]+/g;
/** Any text as one line. */
export const oneLine = (text: string) => text.replace(breaksAndControls, ' ').replace(/ {2,}/g, ' ');

const words = (paragraph: Paragraph): Words[] => (typeof paragraph === 'string' ? [paragraph] : paragraph);
/** 'mailto:hello@x.com' reads as the address; a page as itself. */
const contactText = (url: string) => url.replace(/^mailto:/, '');

function plainText(content: EmailContent, site: MailSite): string {
  const paragraph = (p: Paragraph) =>
    words(p)
      .map((w) => {
        if (typeof w === 'string') return oneLine(w);
        if ('bold' in w) return oneLine(w.bold);
        return w.text === w.link ? w.link : `${oneLine(w.text)} (${w.link})`;
      })
      .join('')
      .trim();
  const blocks = [
    `${oneLine(content.status.text).toUpperCase()}\n${oneLine(content.heading)}`,
    ...content.paragraphs.map(paragraph),
    ...(content.facts?.length ? [content.facts.map((f) => `${f.label}: ${oneLine(f.value)}`).join('\n')] : []),
    ...(content.code ? [content.code] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.closing ?? []).map(paragraph),
  ];
  const footer = [
    ...(content.footer ?? []).map(paragraph),
    ...(site.contactUrl && !content.toTeacher ? [`Questions? Write to ${contactText(site.contactUrl)}`] : []),
    `${site.name}: ${site.url}`,
  ];
  // '-- ' alone on a line is where mail clients know a signature begins.
  return `${blocks.join('\n\n')}\n\n-- \n${footer.join('\n')}\n`;
}

// The site's palette (web/src/index.css) and type, each font list ending with fonts every mail client has.
const colour = {
  cream: '#faf6f1',
  sand: '#f1e8dd',
  linen: '#e7dccf',
  ink: '#3b302a',
  muted: '#6b5d53',
  clay: '#a0533a',
  clayDark: '#85432e',
  sage: '#4f6b5e',
  released: '#a23b22',
  white: '#ffffff',
};
const serif = "'Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif";
const sans = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
const toneColour: Record<Tone, string> = {
  confirmed: colour.sage,
  pending: colour.clayDark,
  released: colour.released,
  neutral: colour.muted,
};
const textStyle = (size: number, extra = '') =>
  `margin:0;font-family:${sans};font-size:${size}px;line-height:1.6;color:${colour.ink};${extra}`;
const linkStyle = `color:${colour.clayDark};text-decoration:underline;`;

function Words({ paragraph, style = linkStyle }: { paragraph: Paragraph; style?: string }) {
  return (
    <>
      {words(paragraph).map((w) => {
        if (typeof w === 'string') return oneLine(w);
        if ('bold' in w) return <strong>{oneLine(w.bold)}</strong>;
        return (
          <a href={w.link} style={style}>
            {oneLine(w.text)}
          </a>
        );
      })}
    </>
  );
}

/** A table that only lays out: mail clients honour tables where they ignore CSS layout. */
function Rows({ style, width = '100%', children }: { style?: string; width?: string; children: ComponentChildren }) {
  return (
    <table role="presentation" width={width} cellPadding="0" cellSpacing="0" style={style}>
      <tbody>{children}</tbody>
    </table>
  );
}

function Layout({ content, site }: { content: EmailContent; site: MailSite }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <meta name="x-apple-disable-message-reformatting" />
        <title>{oneLine(content.subject)}</title>
      </head>
      <body style={`margin:0;padding:0;background:${colour.cream};`}>
        <div style="display:none;max-height:0;overflow:hidden;opacity:0;">{oneLine(content.preview)}</div>
        <Rows style={`background:${colour.cream};`}>
          <tr>
            <td align="center" style="padding:24px 12px;">
              <Rows style="max-width:560px;">
                <tr>
                  <td style={`padding:0 4px 16px;font-family:${serif};font-size:22px;color:${colour.ink};`}>
                    <a href={site.url} style={`color:${colour.ink};text-decoration:none;`}>
                      {/* The site's mark (web/public/favicon.svg) in text: mail clients show no SVG, and many no images. */}
                      <span
                        aria-hidden="true"
                        style={`display:inline-block;width:28px;height:28px;border-radius:14px;background:${colour.clay};color:${colour.cream};font-family:${sans};font-size:22px;font-weight:700;line-height:26px;text-align:center;vertical-align:middle;margin-right:8px;`}
                      >
                        ~
                      </span>
                      {site.name}
                    </a>
                  </td>
                </tr>
                <tr>
                  <td style={`background:${colour.white};border:1px solid ${colour.linen};border-radius:16px;padding:28px 24px;`}>
                    <Body content={content} />
                  </td>
                </tr>
                <tr>
                  <td style="padding-top:16px;">
                    <Footer content={content} site={site} />
                  </td>
                </tr>
              </Rows>
            </td>
          </tr>
        </Rows>
      </body>
    </html>
  );
}

function Body({ content }: { content: EmailContent }) {
  return (
    <>
      <p
        style={textStyle(
          12,
          `font-weight:700;letter-spacing:2px;text-transform:uppercase;color:${toneColour[content.status.tone]};`,
        )}
      >
        {oneLine(content.status.text)}
      </p>
      <h1 style={`margin:8px 0 20px;font-family:${serif};font-size:28px;line-height:1.25;font-weight:400;color:${colour.ink};`}>
        {oneLine(content.heading)}
      </h1>
      {content.paragraphs.map((paragraph) => (
        <p style={textStyle(16, 'margin-bottom:16px;')}>
          <Words paragraph={paragraph} />
        </p>
      ))}
      {content.facts && content.facts.length > 0 && <Facts facts={content.facts} />}
      {content.code && (
        <p
          style={`margin:8px 0 20px;padding:16px;background:${colour.sand};border-radius:12px;text-align:center;font-family:${sans};font-size:30px;font-weight:700;letter-spacing:6px;color:${colour.ink};`}
        >
          {content.code}
        </p>
      )}
      {content.action && <Button {...content.action} />}
      {(content.closing ?? []).map((paragraph) => (
        <p style={textStyle(15, `margin-top:16px;color:${colour.muted};`)}>
          <Words paragraph={paragraph} />
        </p>
      ))}
    </>
  );
}

function Facts({ facts }: { facts: Fact[] }) {
  return (
    <Rows style={`margin:8px 0 20px;background:${colour.sand};border-radius:12px;`}>
      {facts.map((fact, i) => (
        <tr>
          <td style={`padding:${i === 0 ? 16 : 8}px 18px ${i === facts.length - 1 ? 16 : 8}px;`}>
            <p style={textStyle(12, `font-weight:700;letter-spacing:1px;text-transform:uppercase;color:${colour.muted};`)}>
              {fact.label}
            </p>
            <p style={textStyle(16, 'word-break:break-word;')}>
              {fact.link ? (
                <a href={fact.value} style={linkStyle}>
                  {oneLine(fact.value)}
                </a>
              ) : (
                oneLine(fact.value)
              )}
            </p>
          </td>
        </tr>
      ))}
    </Rows>
  );
}

/** A button that is a table cell with a link in it: it keeps its colour and size in every client, Outlook included. */
function Button({ label, url }: { label: string; url: string }) {
  return (
    <Rows width="auto" style="margin:8px 0 4px;">
      <tr>
        <td style={`background:${colour.clay};border-radius:999px;`}>
          <a
            href={url}
            style={`display:inline-block;padding:13px 26px;font-family:${sans};font-size:15px;font-weight:600;line-height:1.2;color:${colour.white};text-align:center;text-decoration:none;border-radius:999px;`}
          >
            {label}
          </a>
        </td>
      </tr>
    </Rows>
  );
}

function Footer({ content, site }: { content: EmailContent; site: MailSite }) {
  const footerText = textStyle(14, `color:${colour.cream};margin-bottom:10px;`);
  const footerLink = `color:${colour.cream};text-decoration:underline;`;
  return (
    <Rows style={`background:${colour.ink};border-radius:16px;`}>
      <tr>
        <td style="padding:20px 24px;">
          {(content.footer ?? []).map((paragraph) => (
            <p style={footerText}>
              <Words paragraph={paragraph} style={footerLink} />
            </p>
          ))}
          {site.contactUrl && !content.toTeacher && (
            <p style={footerText}>
              Questions? Write to{' '}
              <a href={site.contactUrl} style={footerLink}>
                {contactText(site.contactUrl)}
              </a>
            </p>
          )}
          <p style={textStyle(13, `color:${colour.linen};`)}>
            <a href={site.url} style={`color:${colour.linen};text-decoration:none;`}>
              {site.name}
            </a>
          </p>
        </td>
      </tr>
    </Rows>
  );
}
