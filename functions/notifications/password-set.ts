import { eventConsumer } from '../lib/event-consumer';
import { passwordSetEmail } from '../domain/emails/account-emails';
import { sendEmail } from '../lib/email';

/** Tells a member the administrator set their password and signed them out everywhere. */
export const handler = eventConsumer('notifications/password-set', async ({ detail }) => {
  await sendEmail(passwordSetEmail(detail.email, detail.setAt));
});
