import * as z from 'zod/mini';
import { currencies, type Money } from './money';
import { lineOfText } from './text';
import { optionalLink, optionalText } from './admin-session';
import { VideoUploadRequest, videoFileName, type VideoType } from './video-upload';

// The learning resources (docs/product.md#resources): a title, an optional
// description, category and price, and videos in order, each either a link to a video elsewhere
// or a file uploaded to the private media bucket.

/** The words of the admin's resources page (docs/product.md#toasts). */
export const resourceMessages = {
  created: 'Resource created successfully',
  updated: 'Resource updated successfully',
  createdWithFailedVideos: 'Warning: Resource created but some videos failed to upload',
  updatedWithFailedVideos: 'Warning: Resource updated but some videos failed to upload',
  saveFailed: 'Failed to save resource. Please try again.',
  uploadFailed: 'Failed to upload video.',
  empty: 'No resources found',
} as const;

/** How many videos one resource holds: they are stored on its item, which DynamoDB caps at 400 KB. */
export const MAX_VIDEOS = 30;

/** Where resource videos live in the private media bucket. */
export const RESOURCE_VIDEOS_PREFIX = 'resources/';
/** The resource id the Create New Resource form uploads under: the resource has no id until it is saved. */
export const NEW_RESOURCE = 'new';

const keyPattern = new RegExp(`^${RESOURCE_VIDEOS_PREFIX}[A-Za-z0-9-]{1,64}/${videoFileName}$`);
const VideoKey = z
  .string({ error: 'Send the key of the upload' })
  .check(z.regex(keyPattern, 'This is not the key of a video upload'));

/**
 * The rule for the form's video rows (docs/product.md#admin-area): a row is kept only when it has a title and a file or a
 * link; the others are left out before the form is sent (a row the admin added and left blank).
 */
export function isKeptVideo(row: { title: string; url?: string; key?: string; file?: unknown }): boolean {
  return row.title.trim() !== '' && Boolean(row.file || row.url?.trim() || row.key);
}

/** One video as sent: its title and either a link or the key of a confirmed upload. */
export const ResourceVideoInput = z
  .object({
    title: lineOfText('Video title', 200),
    url: optionalLink('Video URL'),
    key: z.optional(z.nullable(VideoKey)),
  })
  .check(
    z.refine((video) => (video.url === null) !== !video.key, {
      error: 'A video needs either a link or an uploaded file, not both',
      path: ['url'],
    }),
  );

/** The admin's resource form (docs/product.md#admin-area), parsed the same way in the browser and on the server. */
export const ResourceForm = z.object({
  title: lineOfText('Title', 200),
  description: optionalText('Description', 5000),
  category: optionalText('Category', 100).check(
    z.refine((text) => text === null || !/[\r\n\t]/.test(text), 'Category must be one line'),
  ),
  /** Optional: null is no price. In minor units; the currency defaults to USD (docs/product.md#currencies). */
  price: z._default(
    z.nullable(
      z.object({
        amount: z.int({ error: 'Price must be 0 or greater' }).check(z.minimum(0, 'Price must be 0 or greater')),
        currency: z._default(z.enum(currencies, { error: 'Currency must be GBP, EUR or USD' }), 'USD'),
      }),
    ),
    null,
  ),
  /** In the order visitors see them. */
  videos: z._default(
    z.array(ResourceVideoInput).check(z.maxLength(MAX_VIDEOS, `A resource holds at most ${MAX_VIDEOS} videos`)),
    [],
  ),
});
export type ResourceFormInput = z.input<typeof ResourceForm>;
export type ResourceForm = z.output<typeof ResourceForm>;

/** `GET /api/resources?q=`: words to find in a resource's title, description or category. */
export const ResourceSearchQuery = z.object({
  q: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(200, 'The search is too long'),
      z.refine((text) => !/\p{Cc}/u.test(text), 'The search contains characters that are not allowed'),
    ),
  ),
});

/** `POST /api/admin/resources/{id}/video-upload`: start an upload, or confirm the one posted. */
export const VideoUploadBody = z.union([z.object({ key: VideoKey }), VideoUploadRequest], {
  error: 'Send the video’s contentType and size to start an upload, or the key of the upload to confirm it',
});

/** A video as the administrator edits it. */
export type AdminResourceVideo = { title: string; orderIndex: number; url: string | null; key: string | null };

/** A resource as the administrator edits it. */
export type AdminResource = {
  id: string;
  title: string;
  description: string | null;
  category: string | null;
  price: Money | null;
  videos: AdminResourceVideo[];
  createdAt: string;
  updatedAt: string;
};

/** A video as visitors get it: a link to watch it where it is, or a short-lived address of its file. */
export type ResourceVideo = { title: string; orderIndex: number } & (
  { kind: 'link'; url: string } | { kind: 'file'; src: string; contentType: VideoType }
);

/** A resource as visitors see it on /resources. */
export type PublicResource = {
  id: string;
  title: string;
  description: string | null;
  category: string | null;
  price: Money | null;
  videos: ResourceVideo[];
  createdAt: string;
};

/** `GET /api/resources`: newest first; the files' addresses work until `playableUntil`. */
export type ResourceList = { resources: PublicResource[]; playableUntil: string };

/** `GET /api/admin/resources`. */
export type AdminResourceList = { resources: AdminResource[] };
