import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { imagesBucketName, s3 } from '../../functions/lib/buckets';
import type { AdminSessionView } from '../../functions/schemas/admin-session';
import type { ImageUploadTicket, UploadedImage } from '../../functions/schemas/image-upload';
import type { SessionView } from '../../functions/schemas/session';
import { api, siteUrl } from '../support/stack';
import { signedInUser } from '../support/users';
import { createSession } from '../support/sessions';
import { onePixelPng as png, postToBucket } from '../support/uploads';

const TEN_MB = 10 * 1024 * 1024;

let adminToken: string;
let sessionId: string;
beforeAll(async () => {
  adminToken = await signedInUser(`uploader-${ulid().toLowerCase()}@example.com`, { admin: true });
  sessionId = (await createSession({ title: 'Pictured Breath' })).id;
});

type Answer = { message?: string; errors?: { field: string; message: string }[] };
const asAdmin = <T>(path: string, body: unknown, method = 'POST') =>
  api<T & Answer>(`/admin${path}`, { method, body: JSON.stringify(body), headers: { authorization: `Bearer ${adminToken}` } });
const startUpload = (session: string, contentType: string, size: number) =>
  asAdmin<ImageUploadTicket>(`/sessions/${session}/image-upload`, { contentType, size });
const confirmUpload = (session: string, key: string) => asAdmin<UploadedImage>(`/sessions/${session}/image-upload`, { key });

const stored = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: imagesBucketName(), Key: key })).catch((error: Error) => error.name);

describe("the administrator's image upload", () => {
  it('posts an image straight to the bucket under a policy that holds it to its type, 10 MB and five minutes', async () => {
    const before = Date.now();
    const started = await startUpload(sessionId, 'image/png', png.length);
    expect(started.status).toBe(200);
    const ticket = started.body;
    expect(ticket.key).toMatch(new RegExp(`^images/sessions/${sessionId}/[0-9A-HJKMNP-TV-Z]{26}\\.png$`));
    // The browser's target is the handlers' own S3 endpoint (s3rver here, the bucket's address in AWS).
    expect(new URL(ticket.url).origin).toBe(process.env.AWS_ENDPOINT_URL_S3);
    const expiresIn = Date.parse(ticket.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000 + 5_000);
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(Math.abs(Date.parse(policy.expiration) - Date.parse(ticket.expiresAt))).toBeLessThan(2_000);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, TEN_MB],
        { 'Content-Type': 'image/png' },
        { 'Cache-Control': 'public, max-age=3600' },
        { key: ticket.key },
      ]),
    );
    // Another upload never gets the same key.
    expect((await startUpload(sessionId, 'image/png', png.length)).body.key).not.toBe(ticket.key);

    // The browser's preflight for a POST with upload progress, from the site's origin only.
    const preflight = (origin: string) =>
      fetch(ticket.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    expect((await preflight(siteUrl)).status).toBe(200);
    expect((await preflight('https://elsewhere.example')).status).toBe(403);

    const posted = await postToBucket(ticket, png);
    expect(posted).toEqual({ status: 204, allowedOrigin: siteUrl });
    const confirmed = await confirmUpload(sessionId, ticket.key);
    expect(confirmed).toEqual({ status: 200, body: { key: ticket.key, url: `/${ticket.key}` } });

    // Served by the site at that address, kept with the cache control of docs/product.md#formats-and-limits.
    const image = await fetch(`${siteUrl}${confirmed.body.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect(await stored(ticket.key)).toMatchObject({ ContentType: 'image/png', CacheControl: 'public, max-age=3600' });

    // Saved as the session's image, which visitors then see.
    const { session } = (
      await api<{ session: AdminSessionView }>(`/admin/sessions/${sessionId}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).body;
    const saved = await asAdmin<AdminSessionView>(
      `/sessions/${sessionId}`,
      {
        title: session.title,
        description: session.description,
        startTime: session.startTime,
        thumbnailUrl: confirmed.body.url,
      },
      'PUT',
    );
    expect(saved.status).toBe(200);
    const shown = await api<{ session: SessionView }>(`/sessions/${sessionId}`);
    expect(shown.body.session.thumbnailUrl).toBe(confirmed.body.url);
  });

  it('refuses an image over 10 MB before the upload, and deletes one posted over the limit anyway', async () => {
    const tooLarge = await startUpload(sessionId, 'image/png', TEN_MB + 1);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toBe('File size exceeds the maximum allowed size of 10MB. Your file is 10.00 MB.');

    // s3rver keeps what its policy would refuse (S3 answers 400): the confirmation finds it and deletes it.
    const { body: ticket } = await startUpload(sessionId, 'image/png', png.length);
    const oversized = Buffer.concat([png, Buffer.alloc(TEN_MB + 512 * 1024 - png.length)]);
    expect((await postToBucket(ticket, oversized)).status).toBe(204);
    expect(await stored(ticket.key)).toMatchObject({ ContentLength: oversized.length });
    const refused = await confirmUpload(sessionId, ticket.key);
    expect(refused).toEqual({
      status: 400,
      body: { message: 'File size exceeds the maximum allowed size of 10MB. Your file is 10.50 MB.' },
    });
    expect(await stored(ticket.key)).toBe('NotFound');
    expect((await fetch(`${siteUrl}/${ticket.key}`)).status).toBe(404);
  });

  it('refuses a file that is not an image of its type, whatever it claims, and deletes it', async () => {
    const notAnImage = await startUpload(sessionId, 'image/svg+xml', 300);
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body.message).toBe('Only JPEG, PNG, WebP and GIF images can be uploaded');

    const page = Buffer.from('<html><script>alert(1)</script></html>');
    // Posted with another type than its policy's, and posted as the PNG it is not.
    for (const fields of [{ 'Content-Type': 'text/html' }, {}] as Record<string, string>[]) {
      const { body: ticket } = await startUpload(sessionId, 'image/png', page.length);
      expect((await postToBucket(ticket, page, fields)).status).toBe(204);
      const refused = await confirmUpload(sessionId, ticket.key);
      expect(refused, JSON.stringify(fields)).toEqual({
        status: 400,
        body: { message: 'Only JPEG, PNG, WebP and GIF images can be uploaded' },
      });
      expect(await stored(ticket.key)).toBe('NotFound');
    }
    // A JPEG posted as a GIF is not a GIF.
    const { body: ticket } = await startUpload(sessionId, 'image/gif', 4);
    expect((await postToBucket(ticket, Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).status).toBe(204);
    expect((await confirmUpload(sessionId, ticket.key)).status).toBe(400);
    expect(await stored(ticket.key)).toBe('NotFound');
  });

  it("confirms only an upload of the session's own, that exists", async () => {
    const { body: ticket } = await startUpload(sessionId, 'image/png', png.length);
    await postToBucket(ticket, png);
    const other = (await createSession({ title: 'Other Breath' })).id;
    expect(await confirmUpload(other, ticket.key)).toEqual({
      status: 400,
      body: { message: 'This upload belongs to another session' },
    });
    expect(await stored(ticket.key)).toMatchObject({ ContentType: 'image/png' });
    expect(await confirmUpload(sessionId, `images/sessions/${sessionId}/${ulid()}.png`)).toEqual({
      status: 404,
      body: { message: 'No image was uploaded under this key' },
    });
    const badKey = await confirmUpload(sessionId, '../site/index.html');
    expect(badKey.status).toBe(400);
    expect(badKey.body.errors?.[0].field).toBe('body.key');
  });

  it('uploads for a session not created yet, under new/, and the new session keeps the image', async () => {
    const { body: ticket } = await startUpload('new', 'image/png', png.length);
    expect(ticket.key).toMatch(/^images\/sessions\/new\/[0-9A-Z]{26}\.png$/);
    await postToBucket(ticket, png);
    const { body: image } = await confirmUpload('new', ticket.key);
    const created = await asAdmin<AdminSessionView>('/sessions', {
      title: `Pictured Circle ${ulid().slice(-6)}`,
      description: 'With a picture.',
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      thumbnailUrl: image.url,
    });
    expect(created.status).toBe(201);
    expect(created.body.thumbnailUrl).toBe(`/images/sessions/new/${ticket.key.split('/').pop()}`);
    expect((await fetch(`${siteUrl}${created.body.thumbnailUrl}`)).status).toBe(200);
  });

  it("takes only the site's own images as a session's image", async () => {
    for (const thumbnailUrl of ['https://elsewhere.example/picture.png', '/images/../index.html', 'javascript:alert(1)']) {
      const refused = await asAdmin<AdminSessionView>('/sessions', {
        title: 'Elsewhere Breath',
        description: 'A picture from elsewhere.',
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        thumbnailUrl,
      });
      expect(refused.status, thumbnailUrl).toBe(400);
      expect(refused.body.errors, thumbnailUrl).toEqual([
        { field: 'body.thumbnailUrl', message: 'Image must be an image uploaded to the site' },
      ]);
    }
  });
});
