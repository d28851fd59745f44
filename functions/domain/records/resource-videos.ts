import { HttpError } from '../../lib/errors';
import { mediaBucketName } from '../../lib/buckets';
import { presignedGetUrl } from '../../lib/presigned-get';
import { RESOURCE_VIDEOS_PREFIX } from '../../schemas/resource';
import type { UploadedVideo, VideoUploadRequest, VideoUploadTicket } from '../../schemas/video-upload';
import { checkUploadedVideo, presignVideoUpload } from './video-uploads';

// A resource's uploaded videos live in the private media bucket under resources/<resource id>/
// <ulid>.<ext> ('new' for the Create New Resource form, as session images do), posted by the
// administrator's browser with a presigned POST and confirmed through the API (./video-uploads.ts).
//
// Visitors play them through a presigned GET that the listing hands out with each file: S3
// presigning works the same on s3rver and in AWS, needs no key pair (CloudFront signed URLs would
// need one, with its private key kept as a secret) and costs no request: the signature is made in
// the function. The bucket stays private, and an address that leaks stops working within hours.

/** How long a listed video's address works: a long lecture watched from a page opened a while ago. */
export const PLAYBACK_SECONDS = 3 * 60 * 60;

export const resourceFolder = (resourceId: string) => `${RESOURCE_VIDEOS_PREFIX}${resourceId}/`;

/** Where the browser posts a video: a fresh key in the resource's folder. */
export function startVideoUpload(resourceId: string, video: VideoUploadRequest, now: Date): Promise<VideoUploadTicket> {
  return presignVideoUpload(resourceFolder(resourceId), video, now);
}

/** Checks a posted video of the resource's own folder; what breaks a limit is deleted and refused. */
export async function confirmVideoUpload(resourceId: string, key: string): Promise<UploadedVideo> {
  if (!key.startsWith(resourceFolder(resourceId))) throw new HttpError(400, 'This upload belongs to another resource');
  return checkUploadedVideo(key);
}

/** A short-lived address of an uploaded video, for a visitor's player. */
export function playbackUrl(key: string): Promise<string> {
  return presignedGetUrl(mediaBucketName(), key, { expiresIn: PLAYBACK_SECONDS });
}
