import * as z from 'zod/mini';
import { optionalSiteImage, optionalText } from './admin-session';
import { ImageUploadRequest, imageFileName, type ImageUploadTicket } from './image-upload';
import { MAX_ORDER_INDEX, RECORDING_MEDIA_PREFIX } from './recording';
import { lineOfText } from './text';
import { VideoUploadRequest, videoFileName, type UploadedVideo, type VideoUploadTicket } from './video-upload';

// The administrator's recordings (the recording form, docs/product.md#admin-area): a title, a description, the video
// (a file uploaded to the private media bucket, or the address of a video file elsewhere), a
// thumbnail, Free or Premium, and the place in the library's order.

/** The Recordings tab's words (docs/product.md#toasts). */
export const recordingAdminMessages = {
  created: 'Recording created',
  updated: 'Recording updated',
  saveFailed: (message: string) => `Failed to create or update recording: ${message}`,
  deleted: 'Recording deleted',
  deleteFailed: (message: string) => `Failed to delete recording: ${message}`,
  videoRequired: 'Video URL is required unless a video file is chosen',
  videoTwice: 'Choose a video file or give a video URL, not both',
} as const;

/** Longer than any recording: a length past it is not one a video reports. */
const MAX_DURATION_SECONDS = 24 * 60 * 60;
/** Where the recordings' thumbnails live in the images bucket, and under /images/* on the site. */
export const RECORDING_THUMBNAILS_PREFIX = 'images/recordings/';

const orderIndexMessage = `Order index must be a whole number from 0 to ${MAX_ORDER_INDEX}`;

/** An uploaded recording's video: recordings/<ulid>.<ext> in the media bucket. */
const RecordingVideoKey = z
  .string({ error: 'Send the key of the uploaded video' })
  .check(z.regex(new RegExp(`^${RECORDING_MEDIA_PREFIX}${videoFileName}$`), 'This is not the key of a recording upload'));

/**
 * A video elsewhere: an https address the player plays as it is (an MP4 or WebM file, which the
 * form checks by loading it), handed out only to those who may watch, like an uploaded one.
 */
const videoLink = z
  .pipe(
    z.optional(z.nullable(z.string().check(z.trim()))),
    z.transform((text) => text || null),
  )
  .check(
    z.refine(
      (text) => text === null || (text.length <= 2000 && URL.canParse(text) && new URL(text).protocol === 'https:'),
      'Video URL must be a valid https address',
    ),
  );

/** `POST /api/admin/recordings` and `PUT /api/admin/recordings/{id}`, parsed the same way in the browser. */
export const RecordingForm = z
  .object({
    title: lineOfText('Title', 200),
    description: optionalText('Description', 5000),
    mediaKey: z.optional(z.nullable(RecordingVideoKey)),
    videoUrl: videoLink,
    thumbnailUrl: optionalSiteImage,
    isFree: z.boolean({ error: 'Free must be true or false' }),
    orderIndex: z
      .int({ error: orderIndexMessage })
      .check(z.minimum(0, orderIndexMessage), z.maximum(MAX_ORDER_INDEX, orderIndexMessage)),
    /** The video's length, which the browser reads from the file or the address: a viewing's address outlives it a little. */
    durationSeconds: z
      .number({ error: 'The video’s length could not be read' })
      .check(z.positive('The video’s length could not be read'), z.maximum(MAX_DURATION_SECONDS, 'The video is too long')),
  })
  .check(
    z.refine((form) => Boolean(form.mediaKey) || form.videoUrl !== null, {
      error: recordingAdminMessages.videoRequired,
      path: ['videoUrl'],
    }),
    z.refine((form) => !(form.mediaKey && form.videoUrl !== null), {
      error: recordingAdminMessages.videoTwice,
      path: ['videoUrl'],
    }),
  );
export type RecordingFormInput = z.input<typeof RecordingForm>;
export type RecordingForm = z.output<typeof RecordingForm>;

/** `POST /api/admin/recordings/upload`: start a video's or a thumbnail's upload, or confirm the one posted. */
export const RecordingUploadBody = z.union(
  [
    z.object({
      key: z
        .string({ error: 'Send the key of the upload' })
        .check(
          z.regex(
            new RegExp(`^(${RECORDING_MEDIA_PREFIX}${videoFileName}|${RECORDING_THUMBNAILS_PREFIX}${imageFileName})$`),
            'This is not the key of a recording upload',
          ),
        ),
    }),
    z.extend(VideoUploadRequest, { kind: z.literal('video') }),
    z.extend(ImageUploadRequest, { kind: z.literal('thumbnail') }),
  ],
  {
    error:
      'Send the file’s kind (video or thumbnail), contentType and size to start an upload, or the key of the upload to confirm it',
  },
);

/** Step one's answer: where to post the file. */
export type RecordingUploadTicket = VideoUploadTicket | ImageUploadTicket;
/** Step two's answer: the video's key to save, or the thumbnail's address on the site. */
export type UploadedRecordingFile = ({ kind: 'video' } & UploadedVideo) | { kind: 'thumbnail'; key: string; url: string };

/** A recording as the administrator edits it: its video's key or address, never a signed address. */
export type AdminRecording = {
  id: string;
  title: string;
  description: string;
  thumbnailUrl: string | null;
  isFree: boolean;
  orderIndex: number;
  durationSeconds: number;
  mediaKey: string | null;
  videoUrl: string | null;
  createdAt: string;
  updatedAt: string | null;
};

/** `GET /api/admin/recordings`: the library in its order. */
export type AdminRecordingList = { recordings: AdminRecording[] };
