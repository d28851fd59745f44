import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ulid } from 'ulid';
import { HttpError } from '../lib/errors';
import { mediaBucketName, s3 } from '../lib/buckets';
import { confirmStoredUpload, presignedUpload, type StoredUpload } from '../lib/uploads';
import {
  MAX_VIDEO_BYTES,
  RESOURCE_VIDEOS_PREFIX,
  videoTypes,
  videoUploadMessages,
  type UploadedVideo,
  type VideoType,
  type VideoUploadRequest,
  type VideoUploadTicket,
} from '../schemas/resource';

// A resource's uploaded videos live in the private media bucket under resources/<resource id>/
// <ulid>.<ext> ('new' for the Create New Resource form, as session images do), posted by the
// administrator's browser with a presigned POST and confirmed through the API.
//
// Visitors play them through a presigned GET that the listing hands out with each file: S3
// presigning works the same on s3rver and in AWS, needs no key pair (CloudFront signed URLs would
// need one, with its private key kept as a secret) and costs no request: the signature is made in
// the function. The bucket stays private, and an address that leaks stops working within hours.

/** How long a listed video's address works: a long lecture watched from a page opened a while ago. */
export const PLAYBACK_SECONDS = 3 * 60 * 60;

export const resourceFolder = (resourceId: string) => `${RESOURCE_VIDEOS_PREFIX}${resourceId}/`;

/** Where the browser posts a video: a fresh key in the resource's folder, held to its type and 100 MB. */
export async function startVideoUpload(resourceId: string, video: VideoUploadRequest, now: Date): Promise<VideoUploadTicket> {
  return presignedUpload(s3, {
    bucket: mediaBucketName(),
    key: `${resourceFolder(resourceId)}${ulid(now.getTime())}.${videoTypes[video.contentType]}`,
    contentType: video.contentType,
    maxBytes: MAX_VIDEO_BYTES,
    now,
  });
}

/** Checks a posted video (size, declared type, first bytes); what breaks a limit is deleted and refused. */
export async function confirmVideoUpload(resourceId: string, key: string): Promise<UploadedVideo> {
  if (!key.startsWith(resourceFolder(resourceId))) throw new HttpError(400, 'This upload belongs to another resource');
  const stored = await confirmStoredUpload(s3, {
    bucket: mediaBucketName(),
    key,
    missing: videoUploadMessages.missing,
    refusalOf: (upload) => refusalOf(key, upload),
  });
  return { key, size: stored.size, contentType: stored.contentType as VideoType };
}

/** The type a key's extension names. */
export const videoTypeOf = (key: string): VideoType | undefined =>
  (Object.keys(videoTypes) as VideoType[]).find((type) => key.endsWith(`.${videoTypes[type]}`));

async function refusalOf(key: string, { size, contentType, firstBytes }: StoredUpload) {
  if (size === 0) return videoUploadMessages.noFile;
  if (size > MAX_VIDEO_BYTES) return videoUploadMessages.tooLarge(size);
  const type = videoTypeOf(key);
  if (!type || contentType !== type) return videoUploadMessages.notAVideo;
  return startsAsVideo(type, await firstBytes(SIGNATURE_BYTES)) ? undefined : videoUploadMessages.notAVideo;
}

const SIGNATURE_BYTES = 12;

/** The file's first bytes are those of its type: an MP4's `ftyp` box, WebM's EBML header. */
export function startsAsVideo(type: VideoType, bytes: Uint8Array): boolean {
  switch (type) {
    case 'video/mp4':
      return String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp';
    case 'video/webm':
      return [0x1a, 0x45, 0xdf, 0xa3].every((byte, i) => bytes[i] === byte);
  }
}

/** Refuses a save that names an upload which is not in the bucket (never posted, or refused and deleted). */
export async function checkVideosStored(keys: string[]): Promise<void> {
  const Bucket = mediaBucketName();
  await Promise.all(
    keys.map((Key) =>
      s3.send(new HeadObjectCommand({ Bucket, Key })).catch((error: unknown) => {
        if (error instanceof Error && error.name === 'NotFound') {
          throw new HttpError(400, 'A video was not uploaded: choose its file again', [
            { field: 'body.videos', message: videoUploadMessages.missing },
          ]);
        }
        throw error;
      }),
    ),
  );
}

/** A short-lived address of an uploaded video, for a visitor's player. */
export function playbackUrl(key: string): Promise<string> {
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: mediaBucketName(), Key: key }), { expiresIn: PLAYBACK_SECONDS });
}
