import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { tableName } from '../../lib/table';
import type { PlaybackProgress } from '../../schemas/recording';
import { progressKey } from './keys';

// Where a member stopped in each recording (docs/product.md#recordings): one item per
// member and recording in the member's own partition, so only their own token ever reaches it,
// and the library reads all of a member's positions with the package in one Query.

export type ProgressRecord = { userId: string; recordingId: string; positionSeconds: number; updatedAt: string };

/** Saves the member's position (whole seconds), replacing the one before: the player sends it every 10 seconds. */
export async function saveProgress(
  userId: string,
  recordingId: string,
  positionSeconds: number,
  now: Date,
): Promise<PlaybackProgress> {
  const record: ProgressRecord = {
    userId,
    recordingId,
    positionSeconds: Math.floor(positionSeconds),
    updatedAt: now.toISOString(),
  };
  await dynamo.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...progressKey(userId, recordingId), type: 'PlaybackProgress', ...record },
    }),
  );
  return toProgressView(recordingId, record);
}

/** The answer for a recording: position 0 when the member has never played it. */
export function toProgressView(recordingId: string, record: ProgressRecord | undefined): PlaybackProgress {
  return { recordingId, positionSeconds: record?.positionSeconds ?? 0, updatedAt: record?.updatedAt ?? null };
}
