import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { MEDIA_URL_MARGIN_SECONDS, mediaOf } from '../../functions/domain/records/recording-access';
import { leadKey } from '../../functions/domain/records/keys';
import { recordingGateLimits } from '../../functions/domain/records/recording-leads';
import type { RecordingRecord } from '../../functions/domain/records/recordings';
import type {
  AdminLeadPage,
  PlaybackProgress,
  RecordingAccessGrant,
  RecordingDetail,
  RecordingList,
  RecordingMedia,
} from '../../functions/schemas/recording';
import { api, siteUrl, visitorAddress } from '../support/stack';
import { createRecording, demoVideo, givePackage } from '../support/recordings';
import { signedInUser } from '../support/users';

let member: string;
let admin: string;
let otherMember: string;
let owner: string;
let free: RecordingRecord;
let premium: RecordingRecord;
let laterPremium: RecordingRecord;

const as = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const detail = (id: string, token?: string) => api<RecordingDetail>(`/recordings/${id}`, { headers: as(token) });

/** What the browser gets when it plays the address: the video's bytes, or S3's refusal. */
async function play(media: RecordingMedia) {
  const response = await fetch(media.url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

beforeAll(async () => {
  const run = ulid().toLowerCase();
  [member, otherMember, owner, admin] = await Promise.all([
    signedInUser(`listener-${run}@example.com`),
    signedInUser(`other-listener-${run}@example.com`),
    signedInUser(`owner-${run}@example.com`),
    signedInUser(`leads-admin-${run}@example.com`, { admin: true }),
  ]);
  await givePackage(owner);
  // Order indexes out of creation order: the library follows the index.
  laterPremium = await createRecording({ title: 'Third by index', orderIndex: 903, isFree: false });
  premium = await createRecording({ title: 'Second by index', orderIndex: 902, isFree: false, durationSeconds: 1800 });
  free = await createRecording({ title: 'First by index', orderIndex: 901, isFree: true });
});

describe('the recordings library', () => {
  it("lists the recordings by order index, each with the caller's access, and never a media key or address", async () => {
    const ours = [free.id, premium.id, laterPremium.id];
    const accessFor = async (token?: string) => {
      const { status, body } = await api<RecordingList>('/recordings', { headers: as(token) });
      expect(status).toBe(200);
      const listed = body.recordings.filter((r) => ours.includes(r.id));
      expect(listed.map((r) => r.title)).toEqual(['First by index', 'Second by index', 'Third by index']);
      const answer = JSON.stringify(body);
      for (const secret of ['mediaKey', 'X-Amz', free.mediaKey, premium.mediaKey]) expect(answer).not.toContain(secret);
      return listed.map((r) => r.access);
    };
    expect(await accessFor()).toEqual(['email', 'locked', 'locked']);
    expect(await accessFor(member)).toEqual(['open', 'locked', 'locked']);
    expect(await accessFor(owner)).toEqual(['open', 'unlocked', 'unlocked']);
    // A token that does not hold is simply a visitor on this public route.
    expect(await accessFor('not-a-token')).toEqual(['email', 'locked', 'locked']);
  });

  it("answers 'Recording not found' for an id that is no recording", async () => {
    const missing = ulid();
    expect(await detail(missing)).toEqual({ status: 404, body: { message: 'Recording not found' } });
    expect(await detail(missing, member)).toEqual({ status: 404, body: { message: 'Recording not found' } });
    const gate = await api(`/recordings/${missing}/access`, { method: 'POST', body: JSON.stringify({ email: 'a@example.com' }) });
    expect(gate).toEqual({ status: 404, body: { message: 'Recording not found' } });
    const progress = await api(`/recordings/${missing}/progress`, { headers: as(member) });
    expect(progress).toEqual({ status: 404, body: { message: 'Recording not found' } });
  });
});

describe('premium recordings', () => {
  it('never give a media address to a visitor or a member without the package, even through the e-mail gate', async () => {
    for (const token of [undefined, member]) {
      const { status, body } = await detail(premium.id, token);
      expect(status).toBe(200);
      expect(body.recording.access).toBe('locked');
      expect(body.media).toBeNull();
      for (const secret of ['mediaKey', 'X-Amz', premium.mediaKey]) expect(JSON.stringify(body)).not.toContain(secret);
    }
    const gate = await api<{ message: string; media?: unknown }>(`/recordings/${premium.id}/access`, {
      method: 'POST',
      body: JSON.stringify({ email: `premium-${ulid().toLowerCase()}@example.com` }),
    });
    expect(gate).toEqual({ status: 403, body: { message: 'This recording requires purchase.' } });
  });

  it("give the package's owner an address that plays the video, lasting its length plus the margin", async () => {
    const before = Date.now();
    const { status, body } = await detail(premium.id, owner);
    expect(status).toBe(200);
    expect(body.recording.access).toBe('unlocked');
    const url = new URL(body.media!.url);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(premium.durationSeconds + MEDIA_URL_MARGIN_SECONDS);
    const expiresAt = Date.parse(body.media!.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + (premium.durationSeconds + MEDIA_URL_MARGIN_SECONDS) * 1000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + (premium.durationSeconds + MEDIA_URL_MARGIN_SECONDS) * 1000);
    const video = await play(body.media!);
    expect(video.status).toBe(200);
    expect(video.type).toBe('video/mp4');
    expect(video.bytes.equals(demoVideo)).toBe(true);
  });

  it('stop playing once their address has expired, as S3 refuses it', async () => {
    // Signed a moment longer ago than it lasts: expired now, by S3's own reckoning (s3rver checks as S3 does).
    const lifetime = premium.durationSeconds + MEDIA_URL_MARGIN_SECONDS;
    const expired = await mediaOf(premium, new Date(Date.now() - (lifetime + 5) * 1000));
    const refused = await play(expired);
    expect(refused.status).toBe(403);
    expect(refused.bytes.toString()).toContain('Request has expired');
    // Signed now, the same recording plays.
    expect((await play(await mediaOf(premium, new Date()))).status).toBe(200);
  });
});

describe('free recordings', () => {
  it('are open to any member, with an address that plays', async () => {
    const { body } = await detail(free.id, member);
    expect(body.recording.access).toBe('open');
    expect((await play(body.media!)).status).toBe(200);
  });

  it('wait for a visitor\'s e-mail address, refuse one without "@" and ".", and keep a given one as a lead', async () => {
    const visitor = await detail(free.id);
    expect(visitor.body.recording.access).toBe('email');
    expect(visitor.body.media).toBeNull();

    for (const email of ['no-at-sign.example.com', 'no-dot@example', '', 'a b@example.com']) {
      const refused = await api<{ message: string }>(`/recordings/${free.id}/access`, {
        method: 'POST',
        body: JSON.stringify({ email }),
      });
      expect(refused.status, email).toBe(400);
      expect(refused.body.message).toBe('Please enter a valid email address.');
    }

    const earlier = `earlier-${ulid().toLowerCase()}@example.com`;
    await api(`/recordings/${free.id}/access`, { method: 'POST', body: JSON.stringify({ email: earlier }) });
    const email = `Mother-${ulid().toLowerCase()}@Example.com`;
    const started = new Date().toISOString();
    const { status, body } = await api<RecordingAccessGrant>(`/recordings/${free.id}/access`, {
      method: 'POST',
      body: JSON.stringify({ email: `  ${email} ` }),
    });
    expect(status).toBe(200);
    expect((await play(body.media)).status).toBe(200);

    const lead = (await dynamo.send(new GetCommand({ TableName: tableName(), Key: leadKey(email.toLowerCase()) }))).Item;
    expect(lead).toMatchObject({
      email: email.toLowerCase(),
      source: 'free-recording',
      recordingIds: new Set([free.id]),
      visits: 1,
    });
    expect(lead!.firstSeenAt >= started).toBe(true);

    // The administrator sees it first in the leads, newest first, with the recording's title;
    // a second visit to another free recording counts on the same lead.
    const secondFree = await createRecording({ title: 'Also free', orderIndex: 904, isFree: true });
    await api(`/recordings/${secondFree.id}/access`, { method: 'POST', body: JSON.stringify({ email }) });
    const leads = await api<AdminLeadPage>('/admin/leads?limit=1', { headers: as(admin) });
    expect(leads.status).toBe(200);
    expect(leads.body.leads).toEqual([
      {
        email: email.toLowerCase(),
        firstSeenAt: lead!.firstSeenAt,
        lastSeenAt: expect.any(String),
        visits: 2,
        recordings: [
          { id: free.id, title: 'First by index' },
          { id: secondFree.id, title: 'Also free' },
        ],
      },
    ]);
    expect(leads.body.leads[0].lastSeenAt > lead!.firstSeenAt).toBe(true);
    const next = await api<AdminLeadPage>(`/admin/leads?limit=1&cursor=${encodeURIComponent(leads.body.nextCursor!)}`, {
      headers: as(admin),
    });
    expect(next.body.leads.map((l) => l.email)).toEqual([earlier]);

    const csv = await fetch(`${siteUrl}/api/admin/leads.csv`, { headers: as(admin) });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="recording-leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = Buffer.from(await csv.arrayBuffer())
      .toString('utf8')
      .split('\r\n');
    expect(rows[0]).toMatch(/^\uFEFF"Email","First seen \(.+\)","Last seen \(.+\)","Times opened","Recordings opened"$/);
    expect(rows[1]).toMatch(
      new RegExp(`^"${email.toLowerCase().replace(/\./g, '\\.')}",".+",".+","2","First by index; Also free"$`),
    );
    expect(rows[2]).toMatch(new RegExp(`^"${earlier.replace(/\./g, '\\.')}",".+",".+","1","First by index"$`));

    // The leads are the administrator's alone.
    expect((await api('/admin/leads', { headers: as(member) })).status).toBe(403);
    expect((await api('/admin/leads')).status).toBe(401);
  });

  it('open the gate only so many times an hour for one address', async () => {
    const email = `busy-${ulid().toLowerCase()}@example.com`;
    const open = () =>
      api<{ message: string }>(`/recordings/${free.id}/access`, {
        method: 'POST',
        body: JSON.stringify({ email }),
        headers: { 'cloudfront-viewer-address': visitorAddress() },
      });
    for (let i = 0; i < recordingGateLimits.perEmailPerHour; i++) expect((await open()).status).toBe(200);
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests\. Please try again after \d{1,2}:\d{2}/);
    const lead = (await dynamo.send(new GetCommand({ TableName: tableName(), Key: leadKey(email) }))).Item;
    expect(lead!.visits).toBe(recordingGateLimits.perEmailPerHour);
  });
});

describe("a member's playback position", () => {
  const position = (id: string, token: string) => api<PlaybackProgress>(`/recordings/${id}/progress`, { headers: as(token) });
  const save = (id: string, token: string, positionSeconds: unknown) =>
    api<PlaybackProgress & { message?: string }>(`/recordings/${id}/progress`, {
      method: 'PUT',
      headers: as(token),
      body: JSON.stringify({ positionSeconds }),
    });

  it('is saved and read back, shown in the library and the recording, and belongs to that member alone', async () => {
    expect((await position(free.id, member)).body).toEqual({ recordingId: free.id, positionSeconds: 0, updatedAt: null });
    const saved = await save(free.id, member, 20.7);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ recordingId: free.id, positionSeconds: 20 });
    expect((await position(free.id, member)).body).toMatchObject({ positionSeconds: 20 });
    expect((await detail(free.id, member)).body.recording.positionSeconds).toBe(20);
    const library = await api<RecordingList>('/recordings', { headers: as(member) });
    expect(library.body.recordings.find((r) => r.id === free.id)?.positionSeconds).toBe(20);

    // Another member reads and writes only their own position: the first member's stays as it was.
    expect((await position(free.id, otherMember)).body).toMatchObject({ positionSeconds: 0, updatedAt: null });
    expect((await save(free.id, otherMember, 3)).status).toBe(200);
    expect((await position(free.id, otherMember)).body.positionSeconds).toBe(3);
    expect((await position(free.id, member)).body.positionSeconds).toBe(20);
    expect((await detail(free.id)).body.recording.positionSeconds).toBeUndefined();
  });

  it('is saved only for a recording the member may watch', async () => {
    const refused = await save(premium.id, member, 10);
    expect(refused).toEqual({ status: 403, body: { message: 'This recording requires purchase.' } });
    expect((await position(premium.id, member)).body.positionSeconds).toBe(0);
    expect((await save(premium.id, owner, 10)).status).toBe(200);
    expect((await save(premium.id, owner, -1)).status).toBe(400);
  });
});
