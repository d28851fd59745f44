import { formatUrl } from '@aws-sdk/core/util';
import { Sha256 } from '@smithy/core/checksum';
import { escapeUriPath, HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { awsClientConfig } from './aws-client-config';

// An S3 presigned GET made with the SDK's own signer, the request built here as the S3 client would
// build it: the S3 client and its presigner weigh about 110 KB and 15 ms of every cold start of the
// player's functions, which never call S3. The URL is the very one `getSignedUrl` makes for a
// GetObjectCommand (test/unit/presigned-get.test.ts compares the two, in AWS and locally).

const signer = new SignatureV4({
  service: 's3',
  region: () => Promise.resolve(process.env.AWS_REGION!),
  credentials: awsClientConfig.credentials,
  sha256: Sha256,
  // S3 signs the path as sent, not escaped a second time, and the body is not part of a presigned GET.
  uriEscapePath: false,
  applyChecksum: false,
});

/**
 * Where the object is: in AWS the bucket's own host (`<bucket>.s3.<region>.amazonaws.com`); on the
 * emulator named by the SDK's AWS_ENDPOINT_URL_S3, an IP address, the bucket in the path, as the SDK
 * addresses it there.
 */
function objectLocation(bucket: string, key: string): { protocol: string; hostname: string; port?: number; path: string } {
  const endpoint = process.env.AWS_ENDPOINT_URL_S3;
  if (!endpoint)
    return {
      protocol: 'https:',
      hostname: `${bucket}.s3.${process.env.AWS_REGION}.amazonaws.com`,
      path: `/${escapeUriPath(key)}`,
    };
  const url = new URL(endpoint);
  return {
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: `/${bucket}/${escapeUriPath(key)}`,
  };
}

/** A URL that reads one object of a private bucket for `expiresIn` seconds from `signingDate`. */
export async function presignedGetUrl(
  bucket: string,
  key: string,
  { expiresIn, signingDate = new Date() }: { expiresIn: number; signingDate?: Date },
): Promise<string> {
  const { protocol, hostname, port, path } = objectLocation(bucket, key);
  const request = new HttpRequest({
    method: 'GET',
    protocol,
    hostname,
    port,
    path,
    // As the S3 client's own GetObject request: the operation named, the body left out of the signature.
    query: { 'x-id': 'GetObject' },
    headers: { host: port ? `${hostname}:${port}` : hostname, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
  });
  return formatUrl(await signer.presign(request, { expiresIn, signingDate }));
}
