import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { HttpError } from '../../lib/errors';
import { mediaBucketName, s3 } from '../../lib/buckets';
import { confirmStoredUpload, presignedUpload, type StoredUpload } from '../../lib/uploads';
import {
  MAX_VIDEO_BYTES,
  videoTypes,
  videoUploadMessages,
  type UploadedVideo,
  type VideoType,
  type VideoUploadRequest,
  type VideoUploadTicket,
} from '../../schemas/video-upload';

// The administrator's videos (the recordings', the resources') go from the browser straight to
// the private media bucket by presigned POST, under a folder with a fresh <ulid>.<ext> name, and
// are confirmed through the API, which checks what was stored.

/** Where the browser posts a video: a fresh key in `folder`, held to its type and 100 MB. */
export async function presignVideoUpload(folder: string, video: VideoUploadRequest, now: Date): Promise<VideoUploadTicket> {
  return presignedUpload(s3, {
    bucket: mediaBucketName(),
    key: `${folder}${ulid(now.getTime())}.${videoTypes[video.contentType]}`,
    contentType: video.contentType,
    maxBytes: MAX_VIDEO_BYTES,
    now,
  });
}

/** Checks a posted video (size, declared type, first bytes); what breaks a limit is deleted and refused. */
export async function checkUploadedVideo(key: string): Promise<UploadedVideo> {
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

/**
 * Refuses a save that names an upload which is not in the bucket (never posted, or refused and
 * deleted), on the form's `field`.
 */
export async function checkVideosStored(keys: string[], field: string): Promise<void> {
  const Bucket = mediaBucketName();
  await Promise.all(
    keys.map((Key) =>
      s3.send(new HeadObjectCommand({ Bucket, Key })).catch((error: unknown) => {
        if (error instanceof Error && error.name === 'NotFound') {
          throw new HttpError(400, 'A video was not uploaded: choose its file again', [
            { field, message: videoUploadMessages.missing },
          ]);
        }
        throw error;
      }),
    ),
  );
}
