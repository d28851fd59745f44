import { HttpError } from '../../lib/errors';
import {
  SESSION_IMAGES_PREFIX,
  type ImageUploadRequest,
  type ImageUploadTicket,
  type UploadedImage,
} from '../../schemas/image-upload';
import { checkUploadedImage, presignImageUpload } from './image-uploads';

// A session's images live under images/sessions/<session id>/ (./image-uploads.ts uploads them).
// The Create New Session form uploads before its session exists, under the id 'new' (NEW_SESSION):
// the image keeps that key once the session is saved, since only the session's thumbnailUrl ties an
// image to it. An image replaced or never saved stays in the bucket.

const sessionFolder = (sessionId: string) => `${SESSION_IMAGES_PREFIX}${sessionId}/`;

/** Where the browser posts a session's image: a fresh key in the session's folder. */
export function startImageUpload(sessionId: string, image: ImageUploadRequest, now: Date): Promise<ImageUploadTicket> {
  return presignImageUpload(sessionFolder(sessionId), image, now);
}

/** Checks a posted image of the session's own folder; what breaks a limit is deleted and refused. */
export async function confirmImageUpload(sessionId: string, key: string): Promise<UploadedImage> {
  if (!key.startsWith(sessionFolder(sessionId))) throw new HttpError(400, 'This upload belongs to another session');
  return checkUploadedImage(key);
}
