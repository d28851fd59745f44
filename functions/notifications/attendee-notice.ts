import { eventConsumer } from '../lib/event-consumer';
import { getNotice } from '../domain/records/notices';
import { noticeEmail } from '../domain/emails/booking-emails';
import { getAttendeeBooking } from '../domain/records/booking-views';
import { sendEmail } from '../lib/email';
import { environment } from '../lib/environment';
import { logger } from '../lib/logger';
import { SITE_NAME } from '../schemas/site-config';

/** E-mails one attendee a notice about their session: what changed (with the calendar update), or the administrator's message. */
export const handler = eventConsumer('notifications/attendee-notice', async ({ detail }) => {
  const [notice, booking] = await Promise.all([getNotice(detail.noticeId), getAttendeeBooking(detail.bookingId)]);
  if (!notice || !booking) {
    logger.warn('Notice or booking no longer exists; nothing sent', { noticeId: detail.noticeId, bookingId: detail.bookingId });
    return;
  }
  const outcome = noticeEmail(notice, booking, detail.attendeeEmail, { name: SITE_NAME, email: environment('FROM_EMAIL') });
  if ('skipped' in outcome) {
    logger.info('Attendee notice not sent', { noticeId: notice.id, bookingId: booking.id, reason: outcome.skipped });
    return;
  }
  await sendEmail(outcome.email);
});
