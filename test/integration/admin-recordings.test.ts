import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { imagesBucketName, mediaBucketName, s3 } from '../../functions/lib/buckets';
import { auditHistory } from '../../functions/domain/records/audit';
import type {
  AdminRecording,
  AdminRecordingList,
  RecordingFormInput,
  RecordingUploadTicket,
  UploadedRecordingFile,
} from '../../functions/schemas/admin-recording';
import type { RecordingDetail, RecordingList } from '../../functions/schemas/recording';
import { api, siteUrl } from '../support/stack';
import { postToBucket } from '../support/uploads';
import { signedInUser } from '../support/users';
import { demoVideo, givePackage } from '../support/recordings';

const thumbnail = readFileSync(new URL('../../local/demo-media/the-calming-breath.jpg', import.meta.url));
const otherVideo = readFileSync(new URL('../../local/demo-media/resource-breath.webm', import.meta.url));
const HUNDRED_MB = 100 * 1024 * 1024;

let adminToken: string;
let ownerToken: string;
let memberToken: string;
beforeAll(async () => {
  const run = ulid().toLowerCase();
  adminToken = await signedInUser(`recordings-admin-${run}@example.com`, { admin: true });
  ownerToken = await signedInUser(`recordings-owner-${run}@example.com`);
  await givePackage(ownerToken);
  memberToken = await signedInUser(`recordings-member-${run}@example.com`);
});

type Answer = { message?: string; errors?: { field: string; message: string }[] };
const asAdmin = <T>(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
  api<T & Answer>(`/admin/recordings${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${adminToken}` },
  });
const startUpload = (kind: 'video' | 'thumbnail', contentType: string, size: number) =>
  asAdmin<RecordingUploadTicket>('/upload', { kind, contentType, size });
const confirmUpload = (key: string) => asAdmin<UploadedRecordingFile>('/upload', { key });
const detailFor = (id: string, token?: string) =>
  api<RecordingDetail & Answer>(`/recordings/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A file uploaded and confirmed as the admin's browser does it: the video's key, or the thumbnail's address. */
async function uploaded(kind: 'video' | 'thumbnail', file = kind === 'video' ? demoVideo : thumbnail, contentType?: string) {
  const type = contentType ?? (kind === 'video' ? 'video/mp4' : 'image/jpeg');
  const { status, body: ticket } = await startUpload(kind, type, file.length);
  expect(status).toBe(200);
  expect((await postToBucket(ticket, file)).status).toBe(204);
  const { body } = await confirmUpload(ticket.key);
  return body.kind === 'video' ? body.key : body.url;
}

const storedVideo = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: mediaBucketName(), Key: key })).then(
    (head) => head.ContentLength,
    (error: Error) => error.name,
  );
const storedImage = (url: string) =>
  s3.send(new HeadObjectCommand({ Bucket: imagesBucketName(), Key: url.slice(1) })).then(
    (head) => head.ContentLength,
    (error: Error) => error.name,
  );

/** Reads a media address as the player does. */
async function play(url: string) {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("the administrator's recordings", () => {
  it('creates a premium recording with an uploaded video and thumbnail, which the package plays and the library lists in order', async () => {
    const mediaKey = await uploaded('video');
    expect(mediaKey).toMatch(/^recordings\/[0-9A-HJKMNP-TV-Z]{26}\.mp4$/);
    const thumbnailUrl = await uploaded('thumbnail');
    expect(thumbnailUrl).toMatch(/^\/images\/recordings\/[0-9A-HJKMNP-TV-Z]{26}\.jpg$/);
    const form: RecordingFormInput = {
      title: `Riding the Surge ${ulid()}`,
      description: 'Long exhales for strong contractions.',
      mediaKey,
      videoUrl: '',
      thumbnailUrl,
      isFree: false,
      orderIndex: 7,
      durationSeconds: 4.04,
    };
    const created = await asAdmin<AdminRecording>('', form);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...form, videoUrl: null, updatedAt: null });
    const { id } = created.body;

    expect((await asAdmin<AdminRecording>(`/${id}`)).body).toEqual(created.body);
    const list = (await asAdmin<AdminRecordingList>('')).body.recordings;
    expect(list).toContainEqual(created.body);
    const indexes = list.map((recording) => recording.orderIndex);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));

    // Visitors see it in the library; only the package's owner gets its video, which plays from the private bucket.
    const library = await api<RecordingList>('/recordings');
    expect(library.body.recordings.find((recording) => recording.id === id)).toMatchObject({
      title: form.title,
      access: 'locked',
      thumbnailUrl,
    });
    expect(JSON.stringify(library.body)).not.toContain(mediaKey);
    expect((await detailFor(id, memberToken)).body.media).toBeNull();
    const owned = await detailFor(id, ownerToken);
    expect(owned.body.recording.access).toBe('unlocked');
    const video = await play(owned.body.media!.url);
    expect(video.status).toBe(200);
    expect(video.bytes.equals(demoVideo)).toBe(true);
    expect((await fetch(`${siteUrl}${thumbnailUrl}`)).status).toBe(200);

    const [entry] = await auditHistory({ kind: 'recording', id });
    expect(entry).toMatchObject({ action: 'recording.created', data: { title: form.title, isFree: false, orderIndex: 7 } });
    expect(entry.actor.email).toMatch(/^recordings-admin-/);
  });

  it('edits a recording: a new title, order and type, and a replaced video and thumbnail, whose old files are deleted', async () => {
    const firstVideo = await uploaded('video');
    const firstThumbnail = await uploaded('thumbnail');
    const base = { title: `Early Labour ${ulid()}`, description: '', isFree: false, orderIndex: 20, durationSeconds: 4 };
    const { body: created } = await asAdmin<AdminRecording>('', { ...base, mediaKey: firstVideo, thumbnailUrl: firstThumbnail });

    const secondVideo = await uploaded('video', otherVideo, 'video/webm');
    const secondThumbnail = await uploaded('thumbnail');
    const edited = await asAdmin<AdminRecording>(
      `/${created.id}`,
      {
        ...base,
        title: `${base.title}, revised`,
        isFree: true,
        orderIndex: 2,
        mediaKey: secondVideo,
        thumbnailUrl: secondThumbnail,
      },
      'PUT',
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: `${base.title}, revised`,
      isFree: true,
      orderIndex: 2,
      mediaKey: secondVideo,
      thumbnailUrl: secondThumbnail,
      createdAt: created.createdAt,
    });
    expect(edited.body.updatedAt).not.toBeNull();
    expect(await storedVideo(firstVideo)).toBe('NotFound');
    expect(await storedImage(firstThumbnail)).toBe('NotFound');
    expect(await storedVideo(secondVideo)).toBe(otherVideo.length);
    expect(await storedImage(secondThumbnail)).toBe(thumbnail.length);

    // Now free: any member plays the new video.
    const detail = await detailFor(created.id, memberToken);
    expect(detail.body.recording).toMatchObject({ access: 'open', orderIndex: 2 });
    expect((await play(detail.body.media!.url)).bytes.equals(otherVideo)).toBe(true);

    // Saved again unchanged, nothing is deleted.
    await asAdmin(`/${created.id}`, { ...edited.body }, 'PUT');
    expect(await storedVideo(secondVideo)).toBe(otherVideo.length);

    const history = await auditHistory({ kind: 'recording', id: created.id });
    expect(history.map((entry) => entry.action)).toEqual(['recording.updated', 'recording.updated', 'recording.created']);
    expect(history[1].data).toEqual({ changed: ['title', 'isFree', 'orderIndex', 'mediaKey', 'thumbnailUrl'] });
    expect(history[0].data).toEqual({ changed: [] });
  });

  it('keeps a linked video by its address, handed only to those who may watch, and deletes the upload it replaces', async () => {
    const mediaKey = await uploaded('video');
    const base = { title: `Linked Breath ${ulid()}`, isFree: false, orderIndex: 30, durationSeconds: 600 };
    const { body: created } = await asAdmin<AdminRecording>('', { ...base, mediaKey });
    const link = 'https://videos.example/linked-breath.mp4';
    const edited = await asAdmin<AdminRecording>(`/${created.id}`, { ...base, mediaKey: null, videoUrl: link }, 'PUT');
    expect(edited.body).toMatchObject({ mediaKey: null, videoUrl: link });
    expect(await storedVideo(mediaKey)).toBe('NotFound');
    expect((await detailFor(created.id, memberToken)).body.media).toBeNull();
    expect((await detailFor(created.id, ownerToken)).body.media?.url).toBe(link);
    expect(JSON.stringify((await api<RecordingList>('/recordings')).body)).not.toContain(link);
  });

  it('deletes a recording with its video and thumbnail', async () => {
    const mediaKey = await uploaded('video');
    const thumbnailUrl = await uploaded('thumbnail');
    const { body: created } = await asAdmin<AdminRecording>('', {
      title: `Short-lived ${ulid()}`,
      isFree: true,
      orderIndex: 40,
      durationSeconds: 4,
      mediaKey,
      thumbnailUrl,
    });
    const deleted = await asAdmin(`/${created.id}`, undefined, 'DELETE');
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect(await storedVideo(mediaKey)).toBe('NotFound');
    expect(await storedImage(thumbnailUrl)).toBe('NotFound');
    expect((await asAdmin(`/${created.id}`)).status).toBe(404);
    expect((await detailFor(created.id)).body).toEqual({ message: 'Recording not found' });
    expect((await api<RecordingList>('/recordings')).body.recordings.map((r) => r.id)).not.toContain(created.id);
    expect((await asAdmin(`/${created.id}`, undefined, 'DELETE')).status).toBe(404);
    const [entry] = await auditHistory({ kind: 'recording', id: created.id });
    expect(entry).toMatchObject({ action: 'recording.deleted', data: { title: created.title } });
  });

  it('refuses a video over 100 MB before the upload, and deletes one posted over the limit anyway', async () => {
    const tooLarge = await startUpload('video', 'video/mp4', HUNDRED_MB + 1);
    expect(tooLarge).toEqual({
      status: 400,
      body: expect.objectContaining({ message: 'File size exceeds the maximum allowed size of 100MB. Your file is 100.00 MB.' }),
    });

    const { body: ticket } = await startUpload('video', 'video/mp4', demoVideo.length);
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([['content-length-range', 1, HUNDRED_MB], { 'Content-Type': 'video/mp4' }, { key: ticket.key }]),
    );
    // s3rver keeps what S3 would refuse by the policy: the confirmation finds it and deletes it.
    const oversized = Buffer.concat([demoVideo, Buffer.alloc(HUNDRED_MB + 1024 * 1024 - demoVideo.length)]);
    expect((await postToBucket(ticket, oversized)).status).toBe(204);
    expect(await confirmUpload(ticket.key)).toEqual({
      status: 400,
      body: { message: 'File size exceeds the maximum allowed size of 100MB. Your file is 101.00 MB.' },
    });
    expect(await storedVideo(ticket.key)).toBe('NotFound');
    const saved = await asAdmin('', {
      title: 'Too large',
      isFree: false,
      orderIndex: 1,
      durationSeconds: 4,
      mediaKey: ticket.key,
    });
    expect(saved.status).toBe(400);
    expect(saved.body.message).toBe('A video was not uploaded: choose its file again');
  });

  it('refuses a file that is not the video or image it claims to be, and deletes it', async () => {
    for (const [kind, contentType, message] of [
      ['video', 'video/quicktime', 'Only MP4 and WebM videos can be uploaded'],
      ['video', 'image/jpeg', 'Only MP4 and WebM videos can be uploaded'],
      ['thumbnail', 'video/mp4', 'Only JPEG, PNG, WebP and GIF images can be uploaded'],
    ] as const) {
      const refused = await startUpload(kind, contentType, 300);
      expect([refused.status, refused.body.message], `${kind} ${contentType}`).toEqual([400, message]);
    }
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    for (const [kind, contentType, message] of [
      ['video', 'video/mp4', 'Only MP4 and WebM videos can be uploaded'],
      ['thumbnail', 'image/png', 'Only JPEG, PNG, WebP and GIF images can be uploaded'],
    ] as const) {
      const { body: ticket } = await startUpload(kind, contentType, page.length);
      expect((await postToBucket(ticket, page)).status).toBe(204);
      expect(await confirmUpload(ticket.key)).toEqual({ status: 400, body: { message } });
      const stored = kind === 'video' ? await storedVideo(ticket.key) : await storedImage(`/${ticket.key}`);
      expect(stored, kind).toBe('NotFound');
    }
  });

  it("refuses a form without a video, and another recording's files", async () => {
    const missing = await asAdmin('', { title: 'No video', isFree: true, orderIndex: 1, durationSeconds: 4 });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContainEqual({
      field: 'body.videoUrl',
      message: 'Video URL is required unless a video file is chosen',
    });

    const mediaKey = await uploaded('video');
    const thumbnailUrl = await uploaded('thumbnail');
    const form = { title: `Owned ${ulid()}`, isFree: false, orderIndex: 50, durationSeconds: 4, mediaKey, thumbnailUrl };
    expect((await asAdmin('', form)).status).toBe(201);
    const again = await asAdmin('', { ...form, title: 'Copy' });
    expect([again.status, again.body.message]).toEqual([400, 'This video belongs to another recording: upload its file again']);
    const sameThumbnail = await asAdmin('', { ...form, title: 'Copy', mediaKey: await uploaded('video') });
    expect([sameThumbnail.status, sameThumbnail.body.message]).toEqual([
      400,
      'This thumbnail belongs to another recording: upload the image again',
    ]);
    expect((await asAdmin(`/${ulid()}`, form, 'PUT')).status).toBe(404);
  });
});
