import type { Email } from '../../lib/email';
import { emailTo, mailSite, renderEmail, type MailSite, type RenderedEmail } from '../../lib/email-layout';
import { formatWhen } from '../../lib/when';

/*
 * Cognito's own mails, on the site's layout, written by the custom-message trigger. Cognito
 * sends one body, the HTML part (a custom message has no plain-text part), of at most 20,000
 * characters, and puts the code where its placeholder (`codeParameter`) stands.
 */

export function verificationCodeEmail(code: string, site: MailSite = mailSite()): RenderedEmail {
  return renderEmail(
    {
      subject: 'Your verification code',
      preview: 'Enter this code to confirm your e-mail address.',
      status: { text: 'Welcome', tone: 'neutral' },
      heading: 'Your verification code',
      paragraphs: ['Enter this code to confirm your e-mail address and finish creating your account.'],
      code,
      closing: ["If you didn't create an account, you can ignore this e-mail."],
    },
    site,
  );
}

export function passwordResetEmail(resetLink: string, site: MailSite = mailSite()): RenderedEmail {
  return renderEmail(
    {
      subject: 'Reset your password',
      preview: 'Choose a new password for your account.',
      status: { text: 'Password reset', tone: 'neutral' },
      heading: 'Reset your password',
      paragraphs: ['We received a request to reset your password. The link works for an hour.'],
      action: { label: 'Choose a new password', url: resetLink },
      closing: ['If you did not ask for this, you can ignore this e-mail: your password stays as it is.'],
    },
    site,
  );
}

/**
 * A member's password was set by the administrator, which signed them out everywhere: sent through
 * SES like every other mail of the site. Who asked for it is between the member and the teacher, so
 * the mail says what happened and what to do if they did not ask.
 */
export function passwordSetEmail(to: string, setAt: string, site: MailSite = mailSite()): Email {
  return emailTo(
    to,
    {
      subject: 'Your password was changed',
      preview: 'The site administrator set a new password for your account.',
      status: { text: 'Account security', tone: 'neutral' },
      heading: 'Your password was changed',
      paragraphs: [
        `The site administrator set a new password for your account on ${formatWhen(setAt)}.`,
        'You have been signed out everywhere. Sign in with the new password the administrator gave you.',
      ],
      action: { label: 'Sign in', url: `${site.url}/sign-in` },
      closing: ['If you did not ask for this, please contact us straight away.'],
    },
    site,
  );
}
