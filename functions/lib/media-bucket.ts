import { S3Client } from '@aws-sdk/client-s3';
import { awsClientConfig } from './aws-client-config';
import { optionalEnvironment } from './environment';

// Created once per container; locally the endpoint is s3rver's, reached in path style.
export const mediaS3 = new S3Client(awsClientConfig);

/** The private media bucket (MEDIA_BUCKET_NAME, set on functions granted `media:read` or `media:upload`). */
export function mediaBucketName(): string {
  const name = optionalEnvironment('MEDIA_BUCKET_NAME');
  if (!name) throw new Error('MEDIA_BUCKET_NAME is not set: the function needs the media:read or media:upload grant');
  return name;
}
