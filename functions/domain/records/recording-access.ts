import { BatchGetCommand, paginateQuery } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws';
import { mediaBucketName } from '../../lib/buckets';
import { HttpError, notFound } from '../../lib/errors';
import { presignedGetUrl } from '../../lib/presigned-get';
import { tableName, withoutKeys } from '../../lib/table';
import { recordingMessages, type RecordingAccess, type RecordingMedia } from '../../schemas/recording';
import { packageOwnerKey, progressKey, PROGRESS_PREFIX, recordingKey } from './keys';
import type { ProgressRecord } from './playback-progress';
import type { RecordingRecord } from './recordings';

/** What the access rule knows of the caller. */
export type Viewer = { signedIn: boolean; ownsPackage: boolean };

/**
 * The rule of docs/product.md#recordings, decided here and nowhere else: the package (any paid purchase) unlocks every
 * recording; a free recording is open to any member, and to a visitor once they give an e-mail
 * address in this visit (`email`: the gate, POST /api/recordings/{id}/access); a premium recording
 * is otherwise locked.
 */
export function recordingAccess(recording: Pick<RecordingRecord, 'isFree'>, viewer: Viewer): RecordingAccess {
  if (recording.isFree) return viewer.signedIn || viewer.ownsPackage ? 'open' : 'email';
  return viewer.ownsPackage ? 'unlocked' : 'locked';
}

/** Whether the caller may watch now: `gaveEmail` only when the gate has just been given an address. */
export function mayWatch(access: RecordingAccess, { gaveEmail = false } = {}): boolean {
  return access === 'open' || access === 'unlocked' || (access === 'email' && gaveEmail);
}

/** The refusal of a premium recording to a caller without the package. */
export const purchaseRequired = () => new HttpError(403, recordingMessages.restricted.description);

/**
 * A member's package and every position they saved, in one Query of their partition: the
 * ownership item (sk 'PACKAGE') and the progress items (sk 'PROGRESS#...') sort next to each
 * other, with only the profile (sk 'PROFILE') between them, which the projection keeps small.
 */
export async function memberLibraryState(userId: string): Promise<{ ownsPackage: boolean; positions: Map<string, number> }> {
  const packageSk = packageOwnerKey(userId).sk;
  const positions = new Map<string, number>();
  let ownsPackage = false;
  const pages = paginateQuery(
    { client: dynamo },
    {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': packageOwnerKey(userId).pk, ':from': packageSk, ':to': `${PROGRESS_PREFIX}\uffff` },
      ProjectionExpression: 'sk, recordingId, positionSeconds',
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      if (item.sk === packageSk) ownsPackage = true;
      else if (String(item.sk).startsWith(PROGRESS_PREFIX))
        positions.set(item.recordingId as string, item.positionSeconds as number);
    }
  }
  return { ownsPackage, positions };
}

/**
 * One recording with what a member holds of it (their package, their position), in one
 * BatchGetItem; 404 when the recording does not exist.
 */
export async function recordingForMember(
  recordingId: string,
  userId: string,
): Promise<{ recording: RecordingRecord; ownsPackage: boolean; progress?: ProgressRecord }> {
  const keys = [recordingKey(recordingId), packageOwnerKey(userId), progressKey(userId, recordingId)];
  let pending: Record<string, unknown>[] = keys;
  const found: Record<string, unknown>[] = [];
  // BatchGetItem may leave keys unread under load: ask again for those.
  while (pending.length > 0) {
    const result = await dynamo.send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }));
    found.push(...(result.Responses?.[tableName()] ?? []));
    pending = result.UnprocessedKeys?.[tableName()]?.Keys ?? [];
  }
  const itemOf = (key: { pk: string; sk: string }) => found.find((item) => item.pk === key.pk && item.sk === key.sk);
  const recording = itemOf(keys[0]);
  if (!recording) throw notFound(recordingMessages.notFound);
  const progress = itemOf(keys[2]);
  return {
    recording: withoutKeys<RecordingRecord>(recording),
    ownsPackage: itemOf(keys[1]) !== undefined,
    progress: progress && withoutKeys<ProgressRecord>(progress),
  };
}

/**
 * Beyond the video's length, so one address serves a whole viewing with a pause or two; a player
 * that finds it run out (a seek is a new request) asks for a fresh one and carries on.
 */
export const MEDIA_URL_MARGIN_SECONDS = 5 * 60;

/**
 * A presigned S3 GET of the recording's video, valid for its length plus the margin, signed at
 * `now`. Only ever called after the access rule allowed the caller.
 *
 * Why S3 presigned URLs and not CloudFront signed URLs: the same call works against s3rver and
 * AWS (one code path, tested locally), there is no key pair to create, store and rotate (CloudFront
 * needs its private key in every signing function), and the media bucket stays reachable only by
 * the signature. What CloudFront would add is caching at the edge, which a handful of recordings
 * watched by a small audience does not need; should it, a /media/* behaviour with a key group can
 * issue signed URLs from this same function, behind the same check. In AWS an address signed with
 * the function's temporary credentials also ends when those do; the player then asks for a fresh one.
 */
export async function signMediaUrl(recording: { mediaKey: string; durationSeconds: number }, now: Date): Promise<RecordingMedia> {
  const expiresIn = mediaLifetime(recording);
  const url = await presignedGetUrl(mediaBucketName(), recording.mediaKey, { expiresIn, signingDate: now });
  return { url, expiresAt: new Date(now.getTime() + expiresIn * 1000).toISOString() };
}

const mediaLifetime = (recording: Pick<RecordingRecord, 'durationSeconds'>) =>
  Math.ceil(recording.durationSeconds) + MEDIA_URL_MARGIN_SECONDS;

/**
 * The video of a recording for a caller the access rule allowed: an uploaded one by a signed
 * address; one the administrator linked from elsewhere by its own address, which is only as private
 * as where it is hosted (the player asks again after the same time, as for an upload).
 */
export async function mediaOf(recording: RecordingRecord, now: Date): Promise<RecordingMedia> {
  if (recording.mediaKey) return signMediaUrl({ mediaKey: recording.mediaKey, durationSeconds: recording.durationSeconds }, now);
  if (!recording.videoUrl) throw new Error(`Recording ${recording.id} has no video`);
  return { url: recording.videoUrl, expiresAt: new Date(now.getTime() + mediaLifetime(recording) * 1000).toISOString() };
}
