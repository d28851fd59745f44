import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../lib/aws';
import { gsi1, tableName, withoutKeys } from '../../lib/table';
import { everyItem } from '../../lib/every-item';
import { MAX_ORDER_INDEX, type RecordingAccess, type RecordingView } from '../../schemas/recording';
import { ALL_RECORDINGS, recordingKey } from './keys';

/**
 * A birth-breathwork recording as stored. Its video is either an upload in the private media
 * bucket under `mediaKey`, only ever reached through a short-lived signed address, or the
 * administrator's `videoUrl` of a video elsewhere; its thumbnail is a public image of the site (/images/...).
 */
export type RecordingRecord = {
  id: string;
  title: string;
  description: string;
  thumbnailUrl?: string;
  isFree: boolean;
  /** The library's order, ascending (docs/product.md#recordings): a whole number from 0. */
  orderIndex: number;
  /** The uploaded video's key in the media bucket, under RECORDING_MEDIA_PREFIX (functions/schemas/recording.ts); */
  mediaKey?: string;
  /** or the https address of a video file elsewhere, played as it is. */
  videoUrl?: string;
  /** The video's length, which the signed address outlives by a margin. */
  durationSeconds: number;
  createdAt: string;
  updatedAt?: string;
};

/** orderIndex is written with this many digits, so it sorts as text (up to MAX_ORDER_INDEX). */
const ORDER_DIGITS = String(MAX_ORDER_INDEX).length;

/**
 * The item, with its place in the library on GSI1: the order index padded so it sorts as text,
 * then the creation time, so recordings of the same index keep the order they were added in.
 * Written whole on create and edit, so a changed index moves the recording.
 */
export function recordingItem(recording: RecordingRecord) {
  if (!Number.isInteger(recording.orderIndex) || recording.orderIndex < 0 || recording.orderIndex > MAX_ORDER_INDEX) {
    throw new Error(`orderIndex must be a whole number from 0 to ${MAX_ORDER_INDEX}`);
  }
  return {
    ...recordingKey(recording.id),
    [gsi1.partitionKey]: ALL_RECORDINGS,
    [gsi1.sortKey]: `${String(recording.orderIndex).padStart(ORDER_DIGITS, '0')}#${recording.createdAt}#${recording.id}`,
    type: 'Recording',
    ...recording,
  };
}

/** A recording about to be added: a fresh id and its creation time. */
export function newRecording(fields: Omit<RecordingRecord, 'id' | 'createdAt'>, now: Date): RecordingRecord {
  return { ...fields, id: ulid(now.getTime()), createdAt: now.toISOString() };
}

/** The library by order index: a Query on GSI1 (one page holds far more than one teacher records). */
export function listRecordings(): Promise<RecordingRecord[]> {
  return everyItem<RecordingRecord>({
    TableName: tableName(),
    IndexName: gsi1.indexName,
    KeyConditionExpression: '#pk = :all',
    ExpressionAttributeNames: { '#pk': gsi1.partitionKey },
    ExpressionAttributeValues: { ':all': ALL_RECORDINGS },
  });
}

export async function getRecording(id: string): Promise<RecordingRecord | undefined> {
  const result = await dynamo.send(new GetCommand({ TableName: tableName(), Key: recordingKey(id) }));
  return result.Item && withoutKeys<RecordingRecord>(result.Item);
}

/** What the site shows of a recording: never its media key. */
export function toRecordingView(recording: RecordingRecord, access: RecordingAccess, positionSeconds?: number): RecordingView {
  return {
    id: recording.id,
    title: recording.title,
    description: recording.description,
    thumbnailUrl: recording.thumbnailUrl ?? null,
    isFree: recording.isFree,
    orderIndex: recording.orderIndex,
    durationSeconds: recording.durationSeconds,
    createdAt: recording.createdAt,
    access,
    ...(positionSeconds !== undefined && { positionSeconds }),
  };
}
