import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { ulid } from 'ulid';
import { HttpError, notFound } from '../lib/errors';
import { imagesBucketName, s3 } from '../lib/buckets';
import {
  imageTypes,
  imageUploadMessages,
  MAX_IMAGE_BYTES,
  SESSION_IMAGES_PREFIX,
  type ImageType,
  type ImageUploadRequest,
  type ImageUploadTicket,
  type UploadedImage,
} from '../schemas/image-upload';

// The administrator's images go from the browser straight to the images bucket by presigned POST
// (never through a Lambda), under images/sessions/<session id>/<ulid>.<ext>, and are served by
// CloudFront at /images/*. The Create New Session form uploads before its session exists, under
// the id 'new' (NEW_SESSION): the image keeps that key once the session is saved, since only the
// session's thumbnailUrl ties an image to it. An image replaced or never saved stays in the bucket.

/** How long the browser has to start posting the file. */
const UPLOAD_EXPIRY_SECONDS = 5 * 60;
/** The spec's cache control for stored files, kept on the object and sent by CloudFront. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=3600';

const sessionFolder = (sessionId: string) => `${SESSION_IMAGES_PREFIX}${sessionId}/`;

/**
 * Where the browser posts the image: a fresh key in the session's folder, with a policy that lets
 * only that key be written, only with the declared image type and the spec's cache control, at
 * most 10 MB, within five minutes. S3 enforces the policy; s3rver does not, which is why every
 * upload is confirmed (below) in both runtimes.
 */
export async function startImageUpload(sessionId: string, image: ImageUploadRequest, now: Date): Promise<ImageUploadTicket> {
  const key = `${sessionFolder(sessionId)}${ulid(now.getTime())}.${imageTypes[image.contentType]}`;
  const { url, fields } = await createPresignedPost(s3, {
    Bucket: imagesBucketName(),
    Key: key,
    // Each field is also an exact-match condition of the policy.
    Fields: { 'Content-Type': image.contentType, 'Cache-Control': IMAGE_CACHE_CONTROL },
    Conditions: [['content-length-range', 1, MAX_IMAGE_BYTES]],
    Expires: UPLOAD_EXPIRY_SECONDS,
  });
  return { key, url, fields, expiresAt: new Date(now.getTime() + UPLOAD_EXPIRY_SECONDS * 1000).toISOString() };
}

/**
 * Checks what was stored under an upload's key: its size (HeadObject), its declared type against
 * its key's extension, and its first bytes against that type's signature, so a file that only
 * claims to be an image is refused too. What breaks a limit is deleted and refused with the reason;
 * a good image answers its address on the site.
 */
export async function confirmImageUpload(sessionId: string, key: string): Promise<UploadedImage> {
  if (!key.startsWith(sessionFolder(sessionId))) throw new HttpError(400, 'This upload belongs to another session');
  const Bucket = imagesBucketName();
  const stored = await s3.send(new HeadObjectCommand({ Bucket, Key: key })).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'NotFound') throw notFound('No image was uploaded under this key');
    throw error;
  });
  const refusal = await refusalOf(Bucket, key, stored.ContentLength ?? 0, stored.ContentType);
  if (refusal) {
    await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    throw new HttpError(400, refusal);
  }
  return { key, url: `/${key}` };
}

/** Why a stored upload is not a session image, or undefined when it is one. */
async function refusalOf(bucket: string, key: string, size: number, contentType: string | undefined) {
  if (size === 0) return imageUploadMessages.noFile;
  if (size > MAX_IMAGE_BYTES) return imageUploadMessages.tooLarge(size);
  const type = (Object.keys(imageTypes) as ImageType[]).find((t) => key.endsWith(`.${imageTypes[t]}`));
  if (!type || contentType !== type) return imageUploadMessages.notAnImage;
  const head = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${SIGNATURE_BYTES - 1}` }));
  const bytes = (await head.Body?.transformToByteArray()) ?? new Uint8Array();
  return startsAsImage(type, bytes) ? undefined : imageUploadMessages.notAnImage;
}

/** How many bytes the signatures below need. */
const SIGNATURE_BYTES = 12;

/** The file's first bytes are those of its type: the signatures in each format's specification. */
export function startsAsImage(type: ImageType, bytes: Uint8Array): boolean {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  switch (type) {
    case 'image/jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/png':
      return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte);
    case 'image/gif':
      return text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a';
    case 'image/webp':
      return text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP';
  }
}
