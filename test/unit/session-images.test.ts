import { describe, expect, it } from 'vitest';
import { startsAsImage } from '../../functions/domain/records/image-uploads';
import { imageContentTypes, type ImageType } from '../../functions/schemas/image-upload';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

/** The first bytes of a real file of each type. */
const starts: Record<ImageType, Uint8Array[]> = {
  'image/jpeg': [bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF'), bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif')],
  'image/png': [bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])],
  'image/gif': [bytes('GIF89a', [1, 0, 1, 0]), bytes('GIF87a', [1, 0, 1, 0])],
  'image/webp': [bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
};

describe('an upload is the image it claims to be', () => {
  it('knows each type by its first bytes, and no type by another’s', () => {
    for (const type of imageContentTypes) {
      for (const [other, samples] of Object.entries(starts)) {
        for (const sample of samples) expect(startsAsImage(type, sample), `${other} as ${type}`).toBe(other === type);
      }
    }
  });

  it('refuses text, an empty file and a file cut short', () => {
    for (const type of imageContentTypes) {
      expect(startsAsImage(type, bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(false);
      expect(startsAsImage(type, new Uint8Array())).toBe(false);
    }
    expect(startsAsImage('image/webp', bytes('RIFF', [0x24, 0, 0, 0], 'WAVE'))).toBe(false);
    expect(startsAsImage('image/png', bytes([0x89], 'PNG'))).toBe(false);
  });
});
