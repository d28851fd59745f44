import { describe, expect, it } from 'vitest';
import { RecordingForm, RecordingUploadBody, recordingAdminMessages } from '../../functions/schemas/admin-recording';

const uploadedKey = 'recordings/01M84G56P33THHCV7J8B60CGMB.mp4';
const form = {
  title: '  Breathing Through Early Labour ',
  description: '',
  mediaKey: uploadedKey,
  videoUrl: '',
  thumbnailUrl: '/images/recordings/01M84G56P4VKVTZ3T5Q35BRX29.jpg',
  isFree: false,
  orderIndex: 3,
  durationSeconds: 312.5,
};
const issuesOf = (input: unknown) =>
  (RecordingForm.safeParse(input).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe("the product's recording form", () => {
  it('takes an uploaded video, trimming the title and reading no text as none', () => {
    expect(RecordingForm.parse(form)).toEqual({
      ...form,
      title: 'Breathing Through Early Labour',
      description: null,
      videoUrl: null,
    });
  });

  it('needs a video URL unless a video file is chosen, and not both', () => {
    expect(issuesOf({ ...form, mediaKey: null })).toEqual([['videoUrl', recordingAdminMessages.videoRequired]]);
    expect(issuesOf({ ...form, mediaKey: null, videoUrl: 'https://videos.example/birth.mp4' })).toEqual([]);
    expect(issuesOf({ ...form, videoUrl: 'https://videos.example/birth.mp4' })).toEqual([
      ['videoUrl', recordingAdminMessages.videoTwice],
    ]);
  });

  it('takes a link only to an https address, and an upload only by the key it was given', () => {
    for (const videoUrl of ['http://videos.example/birth.mp4', 'javascript:alert(1)', 'videos.example/birth.mp4']) {
      expect(issuesOf({ ...form, mediaKey: null, videoUrl }), videoUrl).toEqual([
        ['videoUrl', 'Video URL must be a valid https address'],
      ]);
    }
    for (const mediaKey of ['resources/new/01M84G56P33THHCV7J8B60CGMB.mp4', 'recordings/../secret.mp4', 'recordings/a.mov']) {
      expect(issuesOf({ ...form, mediaKey })[0], mediaKey).toEqual(['mediaKey', 'This is not the key of a recording upload']);
    }
  });

  it('needs the order index, a whole number from 0 to 999999, and whether it is free', () => {
    const message = 'Order index must be a whole number from 0 to 999999';
    for (const orderIndex of [undefined, -1, 1.5, 1_000_000, '3', Number.NaN]) {
      expect(issuesOf({ ...form, orderIndex }), String(orderIndex)).toEqual([['orderIndex', message]]);
    }
    expect(issuesOf({ ...form, orderIndex: 0 })).toEqual([]);
    expect(issuesOf({ ...form, orderIndex: 999_999 })).toEqual([]);
    expect(issuesOf({ ...form, isFree: undefined })).toEqual([['isFree', 'Free must be true or false']]);
    expect(issuesOf({ ...form, title: ' ' })).toEqual([['title', 'Title is required']]);
    expect(issuesOf({ ...form, durationSeconds: 0 })).toEqual([['durationSeconds', 'The video’s length could not be read']]);
  });

  it('shows only the site’s own images as thumbnails', () => {
    expect(issuesOf({ ...form, thumbnailUrl: 'https://elsewhere.example/a.jpg' })).toEqual([
      ['thumbnailUrl', 'Image must be an image uploaded to the site'],
    ]);
  });
});

describe("a recording's upload", () => {
  const messageOf = (body: unknown) => RecordingUploadBody.safeParse(body).error?.issues[0]?.message;

  it('takes a video of at most 100 MB and a thumbnail of at most 10 MB, in the product’s words', () => {
    expect(messageOf({ kind: 'video', contentType: 'video/mp4', size: 100 * 1024 * 1024 })).toBeUndefined();
    expect(messageOf({ kind: 'video', contentType: 'video/mp4', size: 100 * 1024 * 1024 + 1 })).toBe(
      'File size exceeds the maximum allowed size of 100MB. Your file is 100.00 MB.',
    );
    expect(messageOf({ kind: 'video', contentType: 'image/png', size: 10 })).toBe('Only MP4 and WebM videos can be uploaded');
    expect(messageOf({ kind: 'thumbnail', contentType: 'image/png', size: 11 * 1024 * 1024 })).toBe(
      'File size exceeds the maximum allowed size of 10MB. Your file is 11.00 MB.',
    );
    expect(messageOf({ kind: 'thumbnail', contentType: 'video/mp4', size: 10 })).toBe(
      'Only JPEG, PNG, WebP and GIF images can be uploaded',
    );
  });

  it('confirms only keys of the recordings’ own folders', () => {
    expect(messageOf({ key: uploadedKey })).toBeUndefined();
    expect(messageOf({ key: 'images/recordings/01M84G56P4VKVTZ3T5Q35BRX29.webp' })).toBeUndefined();
    for (const key of ['images/sessions/new/01M84G56P4VKVTZ3T5Q35BRX29.jpg', 'resources/new/01M84G56P33THHCV7J8B60CGMB.mp4']) {
      expect(messageOf({ key }), key).toBe('This is not the key of a recording upload');
    }
  });
});
