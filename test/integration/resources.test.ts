import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { mediaBucketName, s3 } from '../../functions/lib/buckets';
import { auditHistory } from '../../functions/domain/records/audit';
import type { AdminResource, AdminResourceList, ResourceFormInput, ResourceList } from '../../functions/schemas/resource';
import type { UploadedVideo, VideoUploadTicket } from '../../functions/schemas/video-upload';
import { api, siteUrl } from '../support/stack';
import { postToBucket } from '../support/uploads';
import { signedInUser } from '../support/users';

/** A real WebM of a few seconds, the one the demo data plays. */
const webm = readFileSync(new URL('../../local/demo-media/resource-breath.webm', import.meta.url));
const HUNDRED_MB = 100 * 1024 * 1024;

let adminToken: string;
/** A word no other resource holds, so the searches below find only this run's. */
const word = `Ujjayi${ulid().slice(-8).toLowerCase()}`;
beforeAll(async () => {
  adminToken = await signedInUser(`resources-${ulid().toLowerCase()}@example.com`, { admin: true });
});

type Answer = { message?: string; errors?: { field: string; message: string }[] };
const asAdmin = <T>(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
  api<T & Answer>(`/admin${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${adminToken}` },
  });
const startUpload = (resource: string, contentType: string, size: number) =>
  asAdmin<VideoUploadTicket>(`/resources/${resource}/video-upload`, { contentType, size });
const confirmUpload = (resource: string, key: string) => asAdmin<UploadedVideo>(`/resources/${resource}/video-upload`, { key });
const search = (q: string) => api<ResourceList>(`/resources?q=${encodeURIComponent(q)}`);

/** A video uploaded and confirmed for a resource (or the 'new' form), as the admin's browser does it. */
async function uploaded(resource = 'new') {
  const { body: ticket } = await startUpload(resource, 'video/webm', webm.length);
  expect((await postToBucket(ticket, webm)).status).toBe(204);
  const confirmed = await confirmUpload(resource, ticket.key);
  expect(confirmed).toEqual({ status: 200, body: { key: ticket.key, contentType: 'video/webm', size: webm.length } });
  return ticket.key;
}

const stored = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: mediaBucketName(), Key: key })).catch((error: Error) => error.name);

describe('learning resources, created, edited and found', () => {
  it('creates a resource with a linked and an uploaded video, which visitors find and play in order', async () => {
    const key = await uploaded();
    const form: ResourceFormInput = {
      title: `${word} Breathing`,
      description: 'Slow breaths through the nose, with a soft sound at the throat.',
      category: 'Pranayama',
      price: { amount: 1200 },
      videos: [
        { title: 'Watch it elsewhere', url: 'https://video.example/ujjayi' },
        { title: 'Our own recording', key },
      ],
    };
    const created = await asAdmin<AdminResource>('/resources', form);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: `${word} Breathing`,
      category: 'Pranayama',
      price: { amount: 1200, currency: 'USD' },
      videos: [
        { title: 'Watch it elsewhere', orderIndex: 0, url: 'https://video.example/ujjayi', key: null },
        { title: 'Our own recording', orderIndex: 1, url: null, key },
      ],
    });
    const id = created.body.id;
    expect((await asAdmin<AdminResource>(`/resources/${id}`)).body).toEqual(created.body);
    expect((await asAdmin<AdminResourceList>('/resources')).body.resources[0]).toEqual(created.body);

    // Found by a word of its title, description or category, in any case; others are not.
    for (const q of [word.toUpperCase(), `${word} throat`, 'pranayama']) {
      const found = await search(q);
      expect(found.status, q).toBe(200);
      expect(
        found.body.resources.map((r) => r.id),
        q,
      ).toContain(id);
    }
    expect((await search(`${word} nothing-like-this`)).body.resources).toEqual([]);

    const [shown] = (await search(word)).body.resources;
    expect(shown).toMatchObject({ id, title: `${word} Breathing`, price: { amount: 1200, currency: 'USD' } });
    expect(shown.videos.map((v) => [v.orderIndex, v.title, v.kind])).toEqual([
      [0, 'Watch it elsewhere', 'link'],
      [1, 'Our own recording', 'file'],
    ]);
    // The file plays from a presigned address of the private bucket that lasts three hours.
    const file = shown.videos[1];
    if (file.kind !== 'file') throw new Error('expected the uploaded video');
    expect(Object.keys(file).sort()).toEqual(['contentType', 'kind', 'orderIndex', 'src', 'title']);
    const src = new URL(file.src);
    expect(src.origin).toBe(process.env.AWS_ENDPOINT_URL_S3);
    expect(src.searchParams.get('X-Amz-Expires')).toBe('10800');
    expect(file.contentType).toBe('video/webm');
    const played = await fetch(file.src, { headers: { range: 'bytes=0-3' } });
    expect(played.status).toBe(206);
    expect(Buffer.from(await played.arrayBuffer())).toEqual(webm.subarray(0, 4));
    expect(Date.parse((await search(word)).body.playableUntil) - Date.now()).toBeGreaterThan(2.9 * 3600_000);

    // Edited: a new title, the uploaded video first, the link gone, another upload in the resource's own folder.
    const second = await uploaded(id);
    const updated = await asAdmin<AdminResource>(
      `/resources/${id}`,
      {
        title: `${word} Breath, revised`,
        description: null,
        category: 'Pranayama',
        price: null,
        videos: [
          { title: 'Our own recording', key },
          { title: 'A second take', key: second },
        ],
      },
      'PUT',
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      title: `${word} Breath, revised`,
      description: null,
      price: null,
      createdAt: created.body.createdAt,
    });
    const [again] = (await search(word)).body.resources;
    expect(again.videos.map((v) => [v.orderIndex, v.title, v.kind])).toEqual([
      [0, 'Our own recording', 'file'],
      [1, 'A second take', 'file'],
    ]);
    expect((await search('slow breaths through the nose')).body.resources.map((r) => r.id)).not.toContain(id);

    // Both changes are in the audit log, with who made them.
    const history = await auditHistory({ kind: 'resource', id });
    expect(history.map((entry) => entry.action)).toEqual(['resource.updated', 'resource.created']);
    expect(history[0].data).toEqual({ changed: ['title', 'description', 'price', 'videos'] });
    expect(history[0].actor.email).toMatch(/^resources-/);
  });

  it('lists the newest first', async () => {
    const older = await asAdmin<AdminResource>('/resources', { title: `${word} older` });
    const newer = await asAdmin<AdminResource>('/resources', { title: `${word} newer` });
    const ids = (await search(`${word}`)).body.resources.map((r) => r.id);
    expect(ids.indexOf(newer.body.id)).toBeLessThan(ids.indexOf(older.body.id));
  });

  it('refuses a video over 100 MB before the upload, and deletes one posted over the limit anyway', async () => {
    const tooLarge = await startUpload('new', 'video/mp4', HUNDRED_MB + 1);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toBe('File size exceeds the maximum allowed size of 100MB. Your file is 100.00 MB.');

    const { body: ticket } = await startUpload('new', 'video/webm', webm.length);
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([['content-length-range', 1, HUNDRED_MB], { 'Content-Type': 'video/webm' }, { key: ticket.key }]),
    );
    // s3rver keeps what S3 would refuse by the policy: the confirmation finds it and deletes it.
    const oversized = Buffer.concat([webm, Buffer.alloc(HUNDRED_MB + 512 * 1024 - webm.length)]);
    expect(await postToBucket(ticket, oversized)).toEqual({ status: 204, allowedOrigin: siteUrl });
    expect(await confirmUpload('new', ticket.key)).toEqual({
      status: 400,
      body: { message: 'File size exceeds the maximum allowed size of 100MB. Your file is 100.50 MB.' },
    });
    expect(await stored(ticket.key)).toBe('NotFound');
    // And a resource cannot be saved with it.
    const saved = await asAdmin<AdminResource>('/resources', { title: 'Too large', videos: [{ title: 'Big', key: ticket.key }] });
    expect(saved.status).toBe(400);
    expect(saved.body.message).toBe('A video was not uploaded: choose its file again');
  });

  it('refuses a file that is not a video of its type, whatever it claims, and deletes it', async () => {
    for (const contentType of ['video/quicktime', 'image/png', 'text/html']) {
      const refused = await startUpload('new', contentType, 300);
      expect(refused.status, contentType).toBe(400);
      expect(refused.body.message, contentType).toBe('Only MP4 and WebM videos can be uploaded');
    }
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    for (const fields of [{ 'Content-Type': 'text/html' }, {}] as Record<string, string>[]) {
      const { body: ticket } = await startUpload('new', 'video/webm', page.length);
      expect((await postToBucket(ticket, page, fields)).status).toBe(204);
      expect(await confirmUpload('new', ticket.key), JSON.stringify(fields)).toEqual({
        status: 400,
        body: { message: 'Only MP4 and WebM videos can be uploaded' },
      });
      expect(await stored(ticket.key)).toBe('NotFound');
    }
  });

  it("saves only uploads that exist, of the form's or the resource's own folder", async () => {
    const other = (await asAdmin<AdminResource>('/resources', { title: `${word} other` })).body.id;
    const othersVideo = await uploaded(other);
    expect(await confirmUpload('new', othersVideo)).toEqual({
      status: 400,
      body: { message: 'This upload belongs to another resource' },
    });
    const elsewhere = await asAdmin<AdminResource>('/resources', {
      title: 'Borrowed',
      videos: [{ title: 'Not ours', key: othersVideo }],
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('A video was uploaded for another resource');
    const never = await asAdmin<AdminResource>('/resources', {
      title: 'Never posted',
      videos: [{ title: 'Ghost', key: `resources/new/${ulid()}.mp4` }],
    });
    expect(never.status).toBe(400);
    expect(await asAdmin(`/resources/${ulid()}`)).toEqual({ status: 404, body: { message: 'Resource not found' } });
    expect((await asAdmin(`/resources/${ulid()}`, { title: 'Nobody' }, 'PUT')).status).toBe(404);
  });
});
