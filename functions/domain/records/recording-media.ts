import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { imagesBucketName, mediaBucketName, s3 } from '../../lib/buckets';
import { logger } from '../../lib/logger';
import {
  RECORDING_THUMBNAILS_PREFIX,
  type RecordingUploadTicket,
  type UploadedRecordingFile,
} from '../../schemas/admin-recording';
import type { ImageUploadRequest } from '../../schemas/image-upload';
import { RECORDING_MEDIA_PREFIX } from '../../schemas/recording';
import type { VideoUploadRequest } from '../../schemas/video-upload';
import { checkUploadedImage, presignImageUpload } from './image-uploads';
import { checkUploadedVideo, presignVideoUpload } from './video-uploads';

// A recording's files: its video in the private media bucket (recordings/<ulid>.<ext>), its
// thumbnail in the public images bucket (images/recordings/<ulid>.<ext>), each posted by the
// administrator's browser and confirmed through the API as every upload is (./video-uploads.ts,
// ./image-uploads.ts). They belong to their recording alone and go with it.

/** Where the browser posts a recording's video (100 MB at most) or thumbnail (10 MB at most). */
export function startRecordingUpload(
  file: ({ kind: 'video' } & VideoUploadRequest) | ({ kind: 'thumbnail' } & ImageUploadRequest),
  now: Date,
): Promise<RecordingUploadTicket> {
  return file.kind === 'video'
    ? presignVideoUpload(RECORDING_MEDIA_PREFIX, file, now)
    : presignImageUpload(RECORDING_THUMBNAILS_PREFIX, file, now);
}

/** Checks a posted video or thumbnail, by its key's folder; what breaks a limit is deleted and refused. */
export async function confirmRecordingUpload(key: string): Promise<UploadedRecordingFile> {
  return key.startsWith(RECORDING_MEDIA_PREFIX)
    ? { kind: 'video', ...(await checkUploadedVideo(key)) }
    : { kind: 'thumbnail', ...(await checkUploadedImage(key)) };
}

/** The thumbnail's key in the images bucket when it is a recording's own upload (not another image of the site). */
export function ownThumbnailKey(thumbnailUrl: string | undefined): string | undefined {
  const key = thumbnailUrl?.replace(/^\//, '');
  return key?.startsWith(RECORDING_THUMBNAILS_PREFIX) ? key : undefined;
}

/**
 * Deletes a recording's files that nothing names any more: its uploaded video, and its thumbnail
 * if it is one of the recordings' own. Called once the table no longer names them, so a failure
 * leaves only an unreachable file behind: it is logged, and the change stands.
 */
export async function deleteRecordingFiles(files: { mediaKey?: string; thumbnailUrl?: string }): Promise<void> {
  const thumbnailKey = ownThumbnailKey(files.thumbnailUrl);
  const deletions = [
    files.mediaKey && { Bucket: mediaBucketName(), Key: files.mediaKey },
    thumbnailKey && { Bucket: imagesBucketName(), Key: thumbnailKey },
  ].filter((object): object is { Bucket: string; Key: string } => Boolean(object));
  await Promise.all(
    deletions.map((object) =>
      s3.send(new DeleteObjectCommand(object)).catch((error: unknown) => {
        logger.error('A recording file could not be deleted', { ...object, error });
      }),
    ),
  );
}
