import * as z from 'zod/mini';

/** Where the recordings' videos live in the media bucket; the media:read grant reaches only these. */
export const RECORDING_MEDIA_PREFIX = 'recordings/';

/** The most places the library's order can take (its order index): it is stored with six digits. */
export const MAX_ORDER_INDEX = 999_999;

/**
 * What the caller may do with a recording, decided on the server (functions/domain/records/recording-access.ts):
 * - `open`: a free recording the caller may watch (a member);
 * - `email`: a free recording a visitor watches once they give an e-mail address in this visit;
 * - `unlocked`: a premium recording the caller's package unlocks;
 * - `locked`: a premium recording that needs the package.
 */
export const recordingAccessLevels = ['open', 'email', 'unlocked', 'locked'] as const;
export type RecordingAccess = (typeof recordingAccessLevels)[number];

/** One recording as the library lists it, with the caller's access and, for a member, where they stopped. */
export type RecordingView = {
  id: string;
  title: string;
  description: string;
  /** An address on the site (/images/...): thumbnails are public. */
  thumbnailUrl: string | null;
  isFree: boolean;
  orderIndex: number;
  durationSeconds: number;
  createdAt: string;
  access: RecordingAccess;
  /** The member's saved position; absent for a visitor or a recording never played. */
  positionSeconds?: number;
};

/** A short-lived address of the video itself, handed out only to a caller who may watch it. */
export type RecordingMedia = { url: string; expiresAt: string };

/** `GET /api/recordings`. */
export type RecordingList = { recordings: RecordingView[] };

/** `GET /api/recordings/{id}`: the media only when the caller may watch now (open or unlocked). */
export type RecordingDetail = { recording: RecordingView; media: RecordingMedia | null };

/** `POST /api/recordings/{id}/access` answers the media of a free recording. */
export type RecordingAccessGrant = { media: RecordingMedia };

/** `GET` and `PUT /api/recordings/{id}/progress`. */
export type PlaybackProgress = { recordingId: string; positionSeconds: number; updatedAt: string | null };

/** An address that opened a free recording, as the administrator reads it. */
export type AdminLead = {
  email: string;
  firstSeenAt: string;
  lastSeenAt: string;
  /** How many times the address opened a free recording. */
  visits: number;
  /** The free recordings it opened, in the library's order; a deleted recording is left out. */
  recordings: { id: string; title: string }[];
};

/** `GET /api/admin/leads`: newest first, a page at a time. */
export type AdminLeadPage = { leads: AdminLead[]; nextCursor: string | null };

/** The words of the recordings' gates (docs/product.md#recordings). */
export const recordingMessages = {
  invalidEmail: { title: 'Invalid Email', description: 'Please enter a valid email address.' },
  gateFailed: 'There was a problem processing your request. Please try again.',
  restricted: { title: 'Access Restricted', description: 'This recording requires purchase.' },
  notFound: 'Recording not found',
} as const;

// Control characters and whitespace inside an address.
// eslint-disable-next-line no-control-regex
const notInAnAddress = /[\s\u0000-\u001F\u007F-\u009F]/;

/**
 * The free-recording gate's address, checked as docs/product.md#recordings says (it holds an @ and a dot), trimmed,
 * lowercased, and free of spaces and control characters, since it is kept as a lead.
 */
export const recordingEmail = z.string({ error: recordingMessages.invalidEmail.description }).check(
  z.trim(),
  z.toLowerCase(),
  z.maxLength(254, recordingMessages.invalidEmail.description),
  z.refine(
    (email) => email.includes('@') && email.includes('.') && !notInAnAddress.test(email),
    recordingMessages.invalidEmail.description,
  ),
);

/** `POST /api/recordings/{id}/access`. */
export const RecordingAccessRequest = z.object({ email: recordingEmail });

/** Longer than any recording: a position past it is not one a player reports. */
const MAX_POSITION_SECONDS = 24 * 60 * 60;

/** `PUT /api/recordings/{id}/progress`: where the member is, in whole seconds. */
export const PlaybackProgressRequest = z.object({
  positionSeconds: z
    .number({ error: 'Position must be a number of seconds' })
    .check(z.minimum(0, 'Position must be 0 or more'), z.maximum(MAX_POSITION_SECONDS, 'Position is too large')),
});
