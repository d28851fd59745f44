import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { HttpError, notFound } from './errors';

// The administrator's uploads go from the browser straight to a bucket by presigned POST (never
// through a Lambda), then are confirmed through the API: S3 enforces the POST policy, s3rver does
// not, so the confirmation checks what was stored in both runtimes and deletes what breaks a limit.

/** How long the browser has to start posting the file. */
const UPLOAD_EXPIRY_SECONDS = 5 * 60;

export type UploadTicket = { key: string; url: string; fields: Record<string, string>; expiresAt: string };

/**
 * Where the browser posts one file: a policy that lets only `key` be written, only with the
 * declared type (and any other `fields`, each an exact-match condition), at most `maxBytes`,
 * within five minutes.
 */
export async function presignedUpload(
  s3: S3Client,
  upload: { bucket: string; key: string; contentType: string; maxBytes: number; fields?: Record<string, string>; now: Date },
): Promise<UploadTicket> {
  const { url, fields } = await createPresignedPost(s3, {
    Bucket: upload.bucket,
    Key: upload.key,
    Fields: { 'Content-Type': upload.contentType, ...upload.fields },
    Conditions: [['content-length-range', 1, upload.maxBytes]],
    Expires: UPLOAD_EXPIRY_SECONDS,
  });
  return { key: upload.key, url, fields, expiresAt: new Date(upload.now.getTime() + UPLOAD_EXPIRY_SECONDS * 1000).toISOString() };
}

/** What was stored under an upload's key; `firstBytes` reads the file's start only when asked. */
export type StoredUpload = { size: number; contentType: string | undefined; firstBytes: (count: number) => Promise<Uint8Array> };

/**
 * Checks what was stored under an upload's key: `refusalOf` says why it breaks a limit, or nothing.
 * A refused file is deleted and refused (400) with that reason; a missing one is a 404.
 */
export async function confirmStoredUpload(
  s3: S3Client,
  upload: { bucket: string; key: string; missing: string; refusalOf: (stored: StoredUpload) => Promise<string | undefined> },
): Promise<{ size: number; contentType: string | undefined }> {
  const { bucket: Bucket, key: Key } = upload;
  const head = await s3.send(new HeadObjectCommand({ Bucket, Key })).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'NotFound') throw notFound(upload.missing);
    throw error;
  });
  const stored = {
    size: head.ContentLength ?? 0,
    contentType: head.ContentType,
    firstBytes: async (count: number) => {
      const start = await s3.send(new GetObjectCommand({ Bucket, Key, Range: `bytes=0-${count - 1}` }));
      return (await start.Body?.transformToByteArray()) ?? new Uint8Array();
    },
  };
  const refusal = await upload.refusalOf(stored);
  if (refusal) {
    await s3.send(new DeleteObjectCommand({ Bucket, Key }));
    throw new HttpError(400, refusal);
  }
  return { size: stored.size, contentType: stored.contentType };
}
