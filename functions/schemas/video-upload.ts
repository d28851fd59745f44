import * as z from 'zod/mini';

// What the site takes as an uploaded video, for the recordings and the learning resources alike:
// the types, the one size limit and its messages (docs/product.md#validation), checked in the browser and on the server.

/** The videos the site takes, each with the extension its key is given: what every browser plays. */
export const videoTypes = { 'video/mp4': 'mp4', 'video/webm': 'webm' } as const;
export type VideoType = keyof typeof videoTypes;
export const videoContentTypes = Object.keys(videoTypes) as VideoType[];

/**
 * A video's largest file: 100 MB, the recordings' limit (docs/product.md#formats-and-limits), which the resources share
 * (about ten minutes of 720p; a longer lecture is better linked from a video host).
 */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

export const videoUploadMessages = {
  noFile: 'No file provided',
  tooLarge: (bytes: number) =>
    `File size exceeds the maximum allowed size of 100MB. Your file is ${(bytes / (1024 * 1024)).toFixed(2)} MB.`,
  notAVideo: 'Only MP4 and WebM videos can be uploaded',
  missing: 'No video was uploaded under this key',
} as const;

/** The end of an upload's key: a ULID and the extension of a video type. */
export const videoFileName = `[0-9A-HJKMNP-TV-Z]{26}\\.(${Object.values(videoTypes).join('|')})`;

/** Step one of a video upload: the file the administrator chose, which the policy then holds to its type and size. */
export const VideoUploadRequest = z.object({
  contentType: z.pipe(
    z
      .string({ error: videoUploadMessages.notAVideo })
      .check(z.refine((type) => videoContentTypes.includes(type as VideoType), videoUploadMessages.notAVideo)),
    z.transform((type) => type as VideoType),
  ),
  size: z
    .int({ error: videoUploadMessages.noFile })
    .check(
      z.minimum(1, videoUploadMessages.noFile),
      z.maximum(MAX_VIDEO_BYTES, { error: (issue) => videoUploadMessages.tooLarge(Number(issue.input)) }),
    ),
});
export type VideoUploadRequest = z.output<typeof VideoUploadRequest>;

/** Step one's answer: post the file to `url` as multipart/form-data with `fields`, the file last, before `expiresAt`. */
export type VideoUploadTicket = { key: string; url: string; fields: Record<string, string>; expiresAt: string };
/** Step two's answer: the key to save. */
export type UploadedVideo = { key: string; contentType: VideoType; size: number };
