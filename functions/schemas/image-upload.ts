import * as z from 'zod/mini';

/** The images a session may show, each with the extension its key is given. */
export const imageTypes = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' } as const;
export type ImageType = keyof typeof imageTypes;
export const imageContentTypes = Object.keys(imageTypes) as ImageType[];

/** The limit for images: 10 MB (docs/product.md#formats-and-limits). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Where a session's images live in the images bucket, and under /images/* on the site. */
export const SESSION_IMAGES_PREFIX = 'images/sessions/';

/**
 * The session id under which the Create New Session form uploads: the session has no id until it
 * is saved. 'new' can never be a session's id (those are ULIDs), and its images stay under it.
 */
export const NEW_SESSION = 'new';

/** The messages for image uploads (docs/product.md#validation). */
export const imageUploadMessages = {
  noFile: 'No file provided',
  tooLarge: (bytes: number) =>
    `File size exceeds the maximum allowed size of 10MB. Your file is ${(bytes / (1024 * 1024)).toFixed(2)} MB.`,
  notAnImage: 'Only JPEG, PNG, WebP and GIF images can be uploaded',
  failed: (reason: string) => `Upload failed: ${reason}`,
  uploaded: 'Image uploaded successfully',
} as const;

/** The end of an upload's key: a ULID and the extension of an image type. */
export const imageFileName = `[0-9A-HJKMNP-TV-Z]{26}\\.(${Object.values(imageTypes).join('|')})`;

/** Step one: the image the administrator chose, which the upload's policy then holds to its type and size. */
export const ImageUploadRequest = z.object({
  // A refinement rather than an enum, so that of the body's two shapes this one answers why.
  contentType: z.pipe(
    z
      .string({ error: imageUploadMessages.notAnImage })
      .check(z.refine((type) => imageContentTypes.includes(type as ImageType), imageUploadMessages.notAnImage)),
    z.transform((type) => type as ImageType),
  ),
  size: z
    .int({ error: imageUploadMessages.noFile })
    .check(
      z.minimum(1, imageUploadMessages.noFile),
      z.maximum(MAX_IMAGE_BYTES, { error: (issue) => imageUploadMessages.tooLarge(Number(issue.input)) }),
    ),
});

/** Step two: the key step one gave, once the browser has posted the file to the bucket. */
const ImageUploadConfirmation = z.object({
  key: z
    .string({ error: 'Send the key of the upload' })
    .check(
      z.regex(
        new RegExp(`^${SESSION_IMAGES_PREFIX}[A-Za-z0-9-]{1,64}/${imageFileName}$`),
        'This is not the key of an image upload',
      ),
    ),
});

/** `POST /api/admin/sessions/{id}/image-upload`: either step, told apart by their fields. */
export const ImageUploadBody = z.union([ImageUploadConfirmation, ImageUploadRequest], {
  error: 'Send the image’s contentType and size to start an upload, or the key of the upload to confirm it',
});
export type ImageUploadRequest = z.output<typeof ImageUploadRequest>;
export type ImageUploadConfirmation = z.output<typeof ImageUploadConfirmation>;

/** Step one's answer: post the file to `url` as multipart/form-data with `fields`, the file last, before `expiresAt`. */
export type ImageUploadTicket = { key: string; url: string; fields: Record<string, string>; expiresAt: string };

/** Step two's answer: the image's address on the site, for the session's `thumbnailUrl`. */
export type UploadedImage = { key: string; url: string };
