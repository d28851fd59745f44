import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { tableName, withoutKeys } from '../../lib/table';
import type { SessionChange } from '../../../events/catalogue';
import { noticeKey, recipientKey } from './keys';

// A notice to everyone booked on a session (attendee-notices.ts writes and queues them) and the
// mark of each attendee it was queued to. Apart from what writes them, so that the e-mail that
// renders a notice (booking-emails.ts) imports only its record.

/** The session's time and place as its attendees knew them before a change. */
export type SessionBefore = { startTime: string; endTime: string; place: string };

export type ChangeNotice = {
  kind: 'change';
  id: string;
  sessionId: string;
  /** The session's revision the change made: the SEQUENCE of the calendar update. */
  revision: number;
  changes: SessionChange[];
  before: SessionBefore;
  createdAt: string;
};

export type MessageNotice = {
  kind: 'message';
  id: string;
  sessionId: string;
  subject: string;
  message: string;
  /** The administrator who wrote it. */
  sentBy: string;
  createdAt: string;
};

export type NoticeRecord = ChangeNotice | MessageNotice;

export const noticePut = (notice: NoticeRecord) => ({
  Put: {
    TableName: tableName(),
    Item: { ...noticeKey(notice.id), type: 'AttendeeNotice', ...notice },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export async function getNotice(id: string): Promise<NoticeRecord | undefined> {
  const result = await dynamo.send(new GetCommand({ TableName: tableName(), Key: noticeKey(id) }));
  return result.Item ? withoutKeys<NoticeRecord>(result.Item) : undefined;
}

/** The mark that a notice was queued to one attendee, as one item of a transaction: refused if it was already. */
export const recipientPut = (noticeId: string, bookingId: string, now: Date) => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...recipientKey(noticeId, bookingId),
      type: 'NoticeRecipient',
      bookingId,
      queuedAt: now.toISOString(),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});
