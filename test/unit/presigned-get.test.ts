import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { presignedGetUrl } from '../../functions/lib/presigned-get';

const signingDate = new Date('2026-03-01T10:00:00Z');
const key = "recordings/01JTEST Birth (part 1)!*'.mp4";

/**
 * What the SDK's own presigner makes for the same object, time and lifetime; with no checksums asked of S3 or
 * sent to it, which a GET's empty body and a player do not need.
 */
const sdkUrl = (expiresIn: number) =>
  getSignedUrl(
    new S3Client({ requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }),
    new GetObjectCommand({ Bucket: 'media-test', Key: key }),
    { expiresIn, signingDate },
  );

describe("a presigned GET, signed without the S3 client, is the SDK's own", () => {
  beforeEach(() => {
    vi.stubEnv('AWS_REGION', 'eu-west-2');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY');
    vi.stubEnv('AWS_SESSION_TOKEN', 'IQoJb3JpZ2luX2VjEXAMPLE/+token==');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('in AWS: the bucket as its own host, a key with spaces and reserved characters, a session token', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', '');
    const url = await presignedGetUrl('media-test', key, { expiresIn: 3600, signingDate });
    expect(url).toBe(await sdkUrl(3600));
    expect(new URL(url).host).toBe('media-test.s3.eu-west-2.amazonaws.com');
  });

  it("locally: on the emulator's address, the bucket in the path", async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://127.0.0.1:4569');
    const url = await presignedGetUrl('media-test', key, { expiresIn: 600, signingDate });
    expect(url).toBe(await sdkUrl(600));
    expect(url.startsWith('http://127.0.0.1:4569/media-test/recordings/')).toBe(true);
  });
});
