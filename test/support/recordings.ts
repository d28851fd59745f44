import { readFileSync } from 'node:fs';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { imagesBucketName, mediaBucketName, s3 } from '../../functions/lib/buckets';
import { tableName } from '../../functions/lib/table';
import { packageOwnerKey } from '../../functions/domain/records/keys';
import type { PackageOwnerRecord } from '../../functions/domain/records/package';
import { newRecording, recordingItem, type RecordingRecord } from '../../functions/domain/records/recordings';
import { RECORDING_MEDIA_PREFIX } from '../../functions/schemas/recording';

/** A real demo video (4 s, H.264), as the seed uploads it. */
export const demoVideo = readFileSync(new URL('../../local/demo-media/the-calming-breath.mp4', import.meta.url));
const demoThumbnail = readFileSync(new URL('../../local/demo-media/the-calming-breath.jpg', import.meta.url));
const thumbnailKey = 'images/recordings/test.jpg';

/** Adds a recording as the administrator would: its video in the media bucket, its item in the table. */
export async function createRecording(fields: Partial<RecordingRecord> = {}): Promise<RecordingRecord> {
  const mediaKey = `${RECORDING_MEDIA_PREFIX}${ulid()}.mp4`;
  await s3.send(new PutObjectCommand({ Bucket: mediaBucketName(), Key: mediaKey, Body: demoVideo, ContentType: 'video/mp4' }));
  // Its thumbnail exists too, so the pages that show it look as they would in use.
  await s3.send(
    new PutObjectCommand({ Bucket: imagesBucketName(), Key: thumbnailKey, Body: demoThumbnail, ContentType: 'image/jpeg' }),
  );
  const recording = {
    ...newRecording(
      {
        title: 'Test Birth Breath',
        description: 'A recording made by a test.',
        isFree: false,
        orderIndex: 500,
        durationSeconds: 4,
        mediaKey,
        thumbnailUrl: `/${thumbnailKey}`,
      },
      new Date(),
    ),
    ...fields,
  };
  await dynamo.send(new PutCommand({ TableName: tableName(), Item: recordingItem(recording) }));
  return recording;
}

/** The member a token names. */
export const userIdOf = (idToken: string) => decodeJwt(idToken).sub!;

/** Makes a member an owner of the package, as a paid purchase does (the ownership item the access check reads). */
export async function givePackage(idToken: string): Promise<void> {
  const userId = userIdOf(idToken);
  const owner: PackageOwnerRecord = { userId, purchaseId: ulid(), since: new Date().toISOString() };
  await dynamo.send(
    new PutCommand({ TableName: tableName(), Item: { ...packageOwnerKey(userId), type: 'PackageOwner', ...owner } }),
  );
}
