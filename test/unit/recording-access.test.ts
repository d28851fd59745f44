import { beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_URL_MARGIN_SECONDS,
  mayWatch,
  mediaOf,
  recordingAccess,
  signMediaUrl,
  type Viewer,
} from '../../functions/domain/records/recording-access';

const visitor: Viewer = { signedIn: false, ownsPackage: false };
const member: Viewer = { signedIn: true, ownsPackage: false };
const owner: Viewer = { signedIn: true, ownsPackage: true };
const free = { isFree: true };
const premium = { isFree: false };

describe('who may watch a recording (the product\'s "Recording access")', () => {
  it('opens a free recording to any member, and to a visitor only once they give an e-mail address', () => {
    expect(recordingAccess(free, member)).toBe('open');
    expect(recordingAccess(free, owner)).toBe('open');
    expect(recordingAccess(free, visitor)).toBe('email');
    expect(mayWatch(recordingAccess(free, visitor))).toBe(false);
    expect(mayWatch(recordingAccess(free, visitor), { gaveEmail: true })).toBe(true);
    expect(mayWatch(recordingAccess(free, member))).toBe(true);
  });

  it('unlocks a premium recording only with the package, an e-mail address or not', () => {
    expect(recordingAccess(premium, owner)).toBe('unlocked');
    expect(mayWatch('unlocked')).toBe(true);
    for (const viewer of [visitor, member]) {
      expect(recordingAccess(premium, viewer)).toBe('locked');
      expect(mayWatch(recordingAccess(premium, viewer))).toBe(false);
      expect(mayWatch(recordingAccess(premium, viewer), { gaveEmail: true })).toBe(false);
    }
  });
});

describe("a recording's media address", () => {
  beforeAll(() => {
    process.env.MEDIA_BUCKET_NAME = 'media-test';
    process.env.AWS_REGION = 'eu-west-2';
    process.env.AWS_ACCESS_KEY_ID = 'AKIDEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
  });

  it("lasts the video's length plus the margin, from the moment it is signed", async () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const media = await signMediaUrl({ mediaKey: 'recordings/a.mp4', durationSeconds: 1800.4 }, now);
    const url = new URL(media.url);
    expect(url.pathname).toMatch(/recordings\/a\.mp4$/);
    expect(url.searchParams.get('X-Amz-Date')).toBe('20260301T100000Z');
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(1801 + MEDIA_URL_MARGIN_SECONDS);
    expect(media.expiresAt).toBe(new Date(now.getTime() + (1801 + MEDIA_URL_MARGIN_SECONDS) * 1000).toISOString());
  });

  it('hands out a linked video by its own address, to be asked for again after the same time', async () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const linked = {
      id: '01JTESTLINKED0000000000000',
      title: 'Linked',
      description: '',
      isFree: false,
      orderIndex: 1,
      durationSeconds: 60,
      videoUrl: 'https://videos.example/birth.mp4',
      createdAt: now.toISOString(),
    };
    expect(await mediaOf(linked, now)).toEqual({
      url: 'https://videos.example/birth.mp4',
      expiresAt: new Date(now.getTime() + (60 + MEDIA_URL_MARGIN_SECONDS) * 1000).toISOString(),
    });
    const uploaded = await mediaOf({ ...linked, videoUrl: undefined, mediaKey: 'recordings/b.mp4' }, now);
    expect(new URL(uploaded.url).pathname).toMatch(/recordings\/b\.mp4$/);
  });
});
