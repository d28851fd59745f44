import { describe, expect, it } from 'vitest';
import { matchesSearch } from '../../functions/domain/records/resources';
import { startsAsVideo } from '../../functions/domain/records/video-uploads';
import { isKeptVideo, ResourceForm, ResourceSearchQuery } from '../../functions/schemas/resource';

const resource = {
  title: 'Preparing to Breathe Through Birth',
  description: 'Long exhales for surges, and resting breaths between them.',
  category: 'Birth preparation',
};

describe('searching the learning resources', () => {
  it('finds a resource by a word of its title, description or category, in any case', () => {
    expect(matchesSearch(resource, 'breathe')).toBe(true);
    expect(matchesSearch(resource, 'SURGES')).toBe(true);
    expect(matchesSearch(resource, 'preparation')).toBe(true);
    expect(matchesSearch(resource, 'sleep')).toBe(false);
  });

  it('needs every word of the search, found anywhere in the resource', () => {
    expect(matchesSearch(resource, '  birth   exhales ')).toBe(true);
    expect(matchesSearch(resource, 'birth sleep')).toBe(false);
  });

  it('reads accents as their letters, both ways', () => {
    expect(matchesSearch({ title: 'Respiration consciente', description: null, category: 'Méditation' }, 'meditation')).toBe(
      true,
    );
    expect(matchesSearch({ title: 'Meditation', description: null, category: null }, 'Méditation')).toBe(true);
  });

  it('finds everything with no search, and a resource without description or category by its title', () => {
    expect(matchesSearch(resource, undefined)).toBe(true);
    expect(matchesSearch(resource, '   ')).toBe(true);
    expect(matchesSearch({ title: 'Evening Wind-Down', description: null, category: null }, 'wind-down')).toBe(true);
    expect(matchesSearch({ title: 'Evening', description: null, category: null }, 'null')).toBe(false);
  });

  it('refuses a search with control characters or over 200 characters', () => {
    expect(ResourceSearchQuery.safeParse({ q: 'box\u0000' }).success).toBe(false);
    expect(ResourceSearchQuery.safeParse({ q: 'b'.repeat(201) }).success).toBe(false);
    expect(ResourceSearchQuery.parse({ q: '  box  ' })).toEqual({ q: 'box' });
  });
});

describe("the admin form's videos", () => {
  it('keeps a row only with a title and a file or a link', () => {
    const file = { name: 'breath.webm' };
    expect(isKeptVideo({ title: 'Breath', url: 'https://video.example/a' })).toBe(true);
    expect(isKeptVideo({ title: 'Breath', url: '', file })).toBe(true);
    expect(isKeptVideo({ title: 'Breath', key: 'resources/new/01J00000000000000000000000.webm' })).toBe(true);
    expect(isKeptVideo({ title: '   ', url: 'https://video.example/a' })).toBe(false);
    expect(isKeptVideo({ title: 'Breath', url: '  ' })).toBe(false);
    expect(isKeptVideo({ title: '', url: '', file: undefined })).toBe(false);
  });

  it('takes each video with either a link or an uploaded file, in the order sent', () => {
    const key = 'resources/new/01J00000000000000000000000.webm';
    const form = ResourceForm.parse({
      title: ' Box Breathing ',
      videos: [
        { title: 'First', url: 'https://video.example/first' },
        { title: 'Second', key },
      ],
    });
    expect(form).toEqual({
      title: 'Box Breathing',
      description: null,
      category: null,
      price: null,
      videos: [
        { title: 'First', url: 'https://video.example/first' },
        { title: 'Second', url: null, key },
      ],
    });
    const both = ResourceForm.safeParse({ title: 'Both', videos: [{ title: 'Two', url: 'https://video.example/x', key }] });
    const neither = ResourceForm.safeParse({ title: 'Neither', videos: [{ title: 'None' }] });
    for (const refused of [both, neither]) {
      expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['videos.0.url']);
    }
    expect(ResourceForm.safeParse({ title: 'Elsewhere', videos: [{ title: 'A', key: 'images/sessions/x/a.png' }] }).success).toBe(
      false,
    );
    expect(ResourceForm.safeParse({ title: 'Script', videos: [{ title: 'A', url: 'javascript:alert(1)' }] }).success).toBe(false);
  });

  it("says 'Title is required' and prices in US dollars unless told otherwise", () => {
    expect(ResourceForm.safeParse({ title: '  ' }).error?.issues[0].message).toBe('Title is required');
    expect(ResourceForm.parse({ title: 'Priced', price: { amount: 1500 } }).price).toEqual({ amount: 1500, currency: 'USD' });
    expect(ResourceForm.safeParse({ title: 'Priced', price: { amount: -1 } }).success).toBe(false);
  });
});

describe('an uploaded video is the video it claims to be', () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));
  const mp4 = bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0]);
  const webm = bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]);

  it('knows MP4 and WebM by their first bytes, and neither by the other’s or by text', () => {
    expect(startsAsVideo('video/mp4', mp4)).toBe(true);
    expect(startsAsVideo('video/webm', webm)).toBe(true);
    expect(startsAsVideo('video/mp4', webm)).toBe(false);
    expect(startsAsVideo('video/webm', mp4)).toBe(false);
    for (const type of ['video/mp4', 'video/webm'] as const) {
      expect(startsAsVideo(type, bytes('<html><script>'))).toBe(false);
      expect(startsAsVideo(type, new Uint8Array())).toBe(false);
    }
  });
});
