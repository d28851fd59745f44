import { ulid } from 'ulid';
import { imagesBucketName, s3 } from '../../lib/buckets';
import { confirmStoredUpload, presignedUpload, type StoredUpload } from '../../lib/uploads';
import {
  imageTypes,
  imageUploadMessages,
  MAX_IMAGE_BYTES,
  type ImageType,
  type ImageUploadRequest,
  type ImageUploadTicket,
  type UploadedImage,
} from '../../schemas/image-upload';

// The administrator's images (a session's picture, a recording's thumbnail) go from the browser
// straight to the public images bucket by presigned POST (never through a Lambda), under a folder
// of images/ with a fresh <ulid>.<ext> name, and are served by CloudFront at /images/*.

/** The cache control for stored files (docs/product.md#formats-and-limits), kept on the object and sent by CloudFront. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=3600';

/**
 * Where the browser posts the image: a fresh key in `folder`, with a policy that lets only that
 * key be written, only with the declared image type and that cache control, at most 10 MB,
 * within five minutes. S3 enforces the policy; s3rver does not, which is why every upload is
 * confirmed (below) in both runtimes.
 */
export async function presignImageUpload(folder: string, image: ImageUploadRequest, now: Date): Promise<ImageUploadTicket> {
  return presignedUpload(s3, {
    bucket: imagesBucketName(),
    key: `${folder}${ulid(now.getTime())}.${imageTypes[image.contentType]}`,
    contentType: image.contentType,
    fields: { 'Cache-Control': IMAGE_CACHE_CONTROL },
    maxBytes: MAX_IMAGE_BYTES,
    now,
  });
}

/**
 * Checks what was stored under an upload's key: its size (HeadObject), its declared type against
 * its key's extension, and its first bytes against that type's signature, so a file that only
 * claims to be an image is refused too. What breaks a limit is deleted and refused with the reason;
 * a good image answers its address on the site.
 */
export async function checkUploadedImage(key: string): Promise<UploadedImage> {
  await confirmStoredUpload(s3, {
    bucket: imagesBucketName(),
    key,
    missing: 'No image was uploaded under this key',
    refusalOf: (stored) => refusalOf(key, stored),
  });
  return { key, url: `/${key}` };
}

/** Why a stored upload is not an image, or undefined when it is one. */
async function refusalOf(key: string, { size, contentType, firstBytes }: StoredUpload) {
  if (size === 0) return imageUploadMessages.noFile;
  if (size > MAX_IMAGE_BYTES) return imageUploadMessages.tooLarge(size);
  const type = (Object.keys(imageTypes) as ImageType[]).find((t) => key.endsWith(`.${imageTypes[t]}`));
  if (!type || contentType !== type) return imageUploadMessages.notAnImage;
  return startsAsImage(type, await firstBytes(SIGNATURE_BYTES)) ? undefined : imageUploadMessages.notAnImage;
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
