import { S3Client } from '@aws-sdk/client-s3';
import { awsClientConfig } from './aws-client-config';
import { optionalEnvironment } from './environment';

// Created once per container. Locally the endpoint (AWS_ENDPOINT_URL_S3) is s3rver's address, an
// IP address, which the SDK reaches in path style (http://127.0.0.1:port/bucket) by itself.
// Marked pure so that a function which only names a bucket (a player signing a GET with
// ./presigned-get.ts) leaves the client, about 100 KB, out of its bundle.
export const s3 = /* @__PURE__ */ new S3Client(awsClientConfig);

/** The public images bucket (IMAGES_BUCKET_NAME, set on functions granted `images:upload`). */
export function imagesBucketName(): string {
  const name = optionalEnvironment('IMAGES_BUCKET_NAME');
  if (!name) throw new Error('IMAGES_BUCKET_NAME is not set: the function needs the images:upload grant');
  return name;
}

/** The private media bucket (MEDIA_BUCKET_NAME, set on functions granted `media:read` or `media:upload`). */
export function mediaBucketName(): string {
  const name = optionalEnvironment('MEDIA_BUCKET_NAME');
  if (!name) throw new Error('MEDIA_BUCKET_NAME is not set: the function needs the media:read or media:upload grant');
  return name;
}
