import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../lib/aws';
import type { Caller } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import { outboxEvent } from '../../outbox/outbox';
import type { SessionChange } from '../../../events/catalogue';
import type { AttendeeMessage } from '../../schemas/admin-session';
import { auditEntry } from '../records/audit';
import type { BookingState } from '../records/booking-lifecycle';
import { bookingFacts, listSessionBookings, refreshSessionSnapshot, type BookingRecord } from '../records/bookings';
import { endTime, getSession, placeText, type SessionRecord } from '../records/sessions';
import { sessionKey } from '../records/keys';
import { getNotice, noticePut, recipientPut, type ChangeNotice, type MessageNotice, type NoticeRecord } from '../records/notices';

// Notices to everyone booked on a session: a change of its time, place or joining link, or the
// administrator's message. A notice is one item, written with its event in the transaction of
// the change (or of the message). A consumer queues it to each attendee a page of the session's
// bookings at a time (queueNoticePage), and another e-mails each attendee once (noticeEmail, in
// booking-emails.ts, so that what writes a notice carries no e-mail rendering).

/**
 * Who is told: a confirmed seat, or one held while its payment is made. Not a guest who has yet
 * to show the address is theirs, nor a booking that has ended.
 */
export const NOTIFIED_STATES: readonly BookingState[] = ['confirmed', 'held'];

/** A page of bookings is queued by one invocation; each page after it by an event of its own. */
const NOTICE_PAGE_SIZE = 100;
/** Bookings queued at once within a page. */
const QUEUE_CONCURRENCY = 10;

/**
 * What a change of a session's own fields changes for the people booked on it: its time (start or
 * end), its place as they read it, or the joining link of an online session.
 */
export function changesForAttendees(
  before: SessionRecord,
  after: Pick<
    SessionRecord,
    'startTime' | 'durationMinutes' | 'locationType' | 'address' | 'city' | 'postCode' | 'location' | 'zoomLink'
  >,
): SessionChange[] {
  const changes: SessionChange[] = [];
  if (before.startTime !== after.startTime || endTime(before) !== endTime(after)) changes.push('time');
  if (placeText(before) !== placeText(after)) changes.push('place');
  if (after.locationType === 'online' && (before.zoomLink ?? null) !== (after.zoomLink ?? null)) changes.push('joinLink');
  return changes;
}

/**
 * The notice of a change and its SessionChanged event, as two items of the transaction that
 * changes the session (to `revision`): the session's time and place before it go with it.
 */
export function sessionChangeNotice(session: SessionRecord, changes: SessionChange[], revision: number, now: Date) {
  const notice: ChangeNotice = {
    kind: 'change',
    id: ulid(now.getTime()),
    sessionId: session.id,
    revision,
    changes,
    before: { startTime: session.startTime, endTime: endTime(session), place: placeText(session) },
    createdAt: now.toISOString(),
  };
  return {
    notice: noticePut(notice),
    event: outboxEvent('SessionChanged', { sessionId: session.id, noticeId: notice.id, revision, changes }, now),
  };
}

/** The administrator's message to everyone booked on a session: the notice, its event and the audit entry, in one transaction. */
export async function messageAttendees(
  sessionId: string,
  message: AttendeeMessage,
  actor: Pick<Caller, 'userId' | 'email'>,
  now: Date,
): Promise<{ noticeId: string }> {
  const notice: MessageNotice = {
    kind: 'message',
    id: ulid(now.getTime()),
    sessionId,
    subject: message.subject,
    message: message.message,
    sentBy: actor.email,
    createdAt: now.toISOString(),
  };
  const refusal = await transactNamed({
    session: {
      ConditionCheck: { TableName: tableName(), Key: sessionKey(sessionId), ConditionExpression: 'attribute_exists(pk)' },
    },
    notice: noticePut(notice),
    audit: auditEntry({ kind: 'session', id: sessionId }, 'session.attendees-messaged', actor, now, {
      noticeId: notice.id,
      subject: notice.subject,
    }),
    event: outboxEvent('AttendeesMessaged', { sessionId, noticeId: notice.id }, now),
  });
  if (refusal) throw notFound('Session not found');
  return { noticeId: notice.id };
}

/**
 * Queues a notice to each attendee of one page of the session's bookings (those booked before the
 * notice, in NOTIFIED_STATES), then writes the next page's event if more bookings follow. Each
 * attendee's mark and their AttendeeNoticeDue are one transaction, so a page handled again queues
 * nobody twice. Answers how many were queued by this call.
 */
export async function queueNoticePage(noticeId: string, cursor: string | undefined, now: Date): Promise<number> {
  const notice = await getNotice(noticeId);
  if (!notice) throw new Error(`Notice ${noticeId} does not exist`);
  const page = await listSessionBookings(notice.sessionId, { limit: NOTICE_PAGE_SIZE, cursor });
  if (notice.kind === 'change') await refreshSnapshots(page.items, notice.sessionId);
  // Bookings are listed oldest first: one made after the notice was booked knowing what it says.
  const bookedBefore = page.items.filter((booking) => booking.createdAt < notice.createdAt);
  const due = bookedBefore.filter((booking) => NOTIFIED_STATES.includes(booking.state));
  let queued = 0;
  for (let i = 0; i < due.length; i += QUEUE_CONCURRENCY) {
    const results = await Promise.all(due.slice(i, i + QUEUE_CONCURRENCY).map((booking) => queueNotice(notice, booking, now)));
    queued += results.filter(Boolean).length;
  }
  if (page.nextCursor && bookedBefore.length === page.items.length) {
    // Written after the page: a retry writes it again with the same detail, which the consumer handles once.
    const next = outboxEvent('AttendeeNoticesPage', { sessionId: notice.sessionId, noticeId, cursor: page.nextCursor }, now);
    await dynamo.send(new PutCommand(next.Put));
  }
  return queued;
}

/**
 * A changed session's time and place, copied onto each booking of the page (every booking, so
 * ended ones show it too), before its attendees are told: the cut-off their cancellation is
 * checked against is then the one the e-mail gives.
 */
async function refreshSnapshots(bookings: BookingRecord[], sessionId: string) {
  const session = await getSession(sessionId, { consistent: true });
  if (!session) return;
  for (let i = 0; i < bookings.length; i += QUEUE_CONCURRENCY) {
    await Promise.all(bookings.slice(i, i + QUEUE_CONCURRENCY).map((booking) => refreshSessionSnapshot(booking, session)));
  }
}

async function queueNotice(notice: NoticeRecord, booking: BookingRecord, now: Date): Promise<boolean> {
  const refusal = await transactNamed({
    recipient: recipientPut(notice.id, booking.id, now),
    event: outboxEvent('AttendeeNoticeDue', { ...bookingFacts(booking), noticeId: notice.id }, now),
  });
  return !refusal;
}
