import * as z from 'zod/mini';
import { currencies, type Money } from './money';
import type { Attendance, BookingStatus, PaymentStatus } from './booking';
import type { AuditEntry } from './audit';
import { sessionCategories, STARTING_SOON_MINUTES, type SessionView } from './session';
import { lineOfText } from './text';
import { SeriesSchedule } from './series';

// Control characters other than line breaks and tabs: a description is paragraphs of text.
// eslint-disable-next-line no-control-regex
const controlsBesideBreaks = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** An optional field's text, trimmed: nothing typed is null. */
const trimmedOrNull = () =>
  z.pipe(
    z.optional(z.nullable(z.string().check(z.trim()))),
    z.transform((text) => text || null),
  );

/** Optional text: trimmed, and nothing typed is null. */
export const optionalText = (label: string, max: number) =>
  trimmedOrNull().check(
    z.refine((text) => text === null || (text.length <= max && !controlsBesideBreaks.test(text)), `${label} is not valid`),
  );

/** An optional link: a valid http(s) address, or empty (null). */
export const optionalLink = (label: string) =>
  trimmedOrNull().check(
    z.refine(
      (text) => text === null || (URL.canParse(text) && /^https?:$/.test(new URL(text).protocol)),
      `${label} must be a valid URL`,
    ),
  );

/**
 * An image of the site (a session's, a recording's thumbnail): its address (`/images/...`, as an upload answers it), or none.
 * Only the site's own images: its Content-Security-Policy shows no image from elsewhere.
 */
export const optionalSiteImage = trimmedOrNull().check(
  z.refine(
    (text) =>
      text === null ||
      (text.length <= 300 && /^\/images\/[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(text) && !text.includes('..')),
    'Image must be an image uploaded to the site',
  ),
);

/**
 * The admin's session form (docs/product.md#admin-area), parsed the same way in the browser
 * and on the server. The start arrives in UTC (the browser converts the admin's local time); the
 * price keeps the currency the admin chose, in minor units.
 */
const SessionFields = z.object({
  title: lineOfText('Title', 200),
  description: z.string({ error: 'Description is required' }).check(
    z.trim(),
    z.minLength(1, { error: 'Description is required', abort: true }),
    z.maxLength(5000, 'Description is too long'),
    z.refine((text) => !controlsBesideBreaks.test(text), 'Description contains characters that are not allowed'),
  ),
  category: z.optional(z.nullable(z.enum(sessionCategories, { error: 'Choose a category from the list' }))),
  thumbnailUrl: optionalSiteImage,
  durationMinutes: z._default(
    z.int({ error: 'Duration must be at least 1 minute' }).check(z.minimum(1, 'Duration must be at least 1 minute')),
    60,
  ),
  maxAttendees: z.optional(
    z.nullable(z.int({ error: 'Capacity must be a whole number' }).check(z.minimum(1, 'Capacity must be at least 1'))),
  ),
  price: z._default(
    z.object({
      amount: z.int({ error: 'Price must be 0 or greater' }).check(z.minimum(0, 'Price must be 0 or greater')),
      currency: z._default(z.enum(currencies, { error: 'Currency must be GBP, EUR or USD' }), 'GBP'),
    }),
    { amount: 0, currency: 'GBP' },
  ),
  featured: z._default(z.boolean(), false),
  /** A guest's free booking waits for them to follow a link e-mailed to them. */
  requireConfirmedEmail: z._default(z.boolean(), false),
  locationType: z._default(z.enum(['online', 'onsite'], { error: 'Location type must be online or onsite' }), 'online'),
  zoomLink: optionalLink('Zoom link'),
  /** An online session: how long before its start the 'starting soon' e-mail with its joining link goes out. */
  startingSoonMinutes: z._default(
    z
      .int({ error: 'Choose when the starting-soon e-mail goes out' })
      .check(
        z.minimum(5, 'The starting-soon e-mail goes out 5 to 240 minutes before'),
        z.maximum(240, 'The starting-soon e-mail goes out 5 to 240 minutes before'),
      ),
    STARTING_SOON_MINUTES,
  ),
  recordingUrl: optionalLink('Recording URL'),
  whatToBring: optionalText('What to bring', 1000),
  address: optionalText('Address', 200),
  city: optionalText('City', 100),
  postCode: optionalText('Post code', 20),
});

/** Address, city and post code are kept only for a session on site (docs/product.md#admin-area). */
const placeOfItsKind = <Form extends { locationType: 'online' | 'onsite' }>(form: Form) => ({
  ...form,
  ...(form.locationType === 'online' && { address: null, city: null, postCode: null }),
});

export const SessionForm = z.pipe(
  z.extend(SessionFields, { startTime: z.iso.datetime({ offset: true, error: 'Start time is required' }) }),
  z.transform((form) => ({ ...placeOfItsKind(form), startTime: new Date(form.startTime).toISOString() })),
);
export type SessionFormInput = z.input<typeof SessionForm>;
export type SessionForm = z.output<typeof SessionForm>;

/**
 * 'Create series' (`POST /api/admin/series`): the session form but its start, and the rule that
 * gives the dates (series.ts), each a session of its own at the rule's time in the teacher's zone.
 */
export const SeriesForm = z.object({
  session: z.pipe(SessionFields, z.transform(placeOfItsKind)),
  schedule: SeriesSchedule,
});
export type SeriesFormInput = z.input<typeof SeriesForm>;
export type SeriesForm = z.output<typeof SeriesForm>;

/** `POST /api/admin/series` (201): the series and its sessions, first date first. */
export type SeriesReceipt = { seriesId: string; description: string; sessions: AdminSessionView[] };

/**
 * 'Message attendees': a subject and a message the administrator writes to everyone booked on a
 * session, parsed the same way in the dialog and on the server.
 */
export const AttendeeMessage = z.object({
  subject: lineOfText('Subject', 150),
  message: z.string({ error: 'Message is required' }).check(
    z.trim(),
    z.minLength(1, { error: 'Message is required', abort: true }),
    z.maxLength(5000, 'Message is too long'),
    z.refine((text) => !controlsBesideBreaks.test(text), 'Message contains characters that are not allowed'),
  ),
});
export type AttendeeMessage = z.infer<typeof AttendeeMessage>;

/** `POST /api/admin/sessions/{id}/message` (202): the notice, on its way to each attendee. */
export type AttendeeMessageReceipt = { noticeId: string };

/** The code of the 409 for a full session an attendee is added to: the dialog then asks whether to add them anyway. */
export const SESSION_FULL = 'session-full';

/** `POST /api/admin/sessions/{id}/attendees` (201): the booking entered, confirmed. */
export type ManualBookingReceipt = { bookingId: string; attendeeName: string };

/** 'Cancel session': what the administrator may add for everyone booked or waiting, in the e-mail that tells them. */
export const SessionCancellationRequest = z.object({
  message: z.optional(
    z.string({ error: 'Message must be text' }).check(
      z.trim(),
      z.maxLength(2000, 'Message is too long'),
      z.refine((text) => !controlsBesideBreaks.test(text), 'Message contains characters that are not allowed'),
    ),
  ),
});
export type SessionCancellationRequest = z.infer<typeof SessionCancellationRequest>;

/** `GET /api/admin/sessions/{id}/cancellation`: what cancelling ends, read before confirming. */
export type CancellationPreview = {
  /** Cancelled already: asking again ends whatever is left. */
  cancelled: boolean;
  /** Confirmed places. */
  attendees: number;
  /** Those of them paid through the checkout, each refunded in full. */
  paidBookings: number;
  /** What the refunds come to, one amount per currency paid in. */
  refundTotal: Money[];
  /** Bookings still awaiting payment or their address's confirmation: released, never charged. */
  unpaidBookings: number;
  /** People on the waitlist, waiting or holding an offer. */
  waiting: number;
};

/** `POST /api/admin/sessions/{id}/cancel` (202): cancelled now, or asked again to end what is left. */
export type SessionCancellationReceipt = { outcome: 'cancelled' | 'again' };

/** `POST /api/admin/sessions?draft=true` makes the new session a draft: published when the administrator says. */
export const NewSessionQuery = z.object({ draft: z.optional(z.enum(['true', 'false'], 'draft must be true or false')) });

/** A session as the admin sees it: the public view, with its counters and private links. */
export type AdminSessionView = SessionView & {
  seatsTaken: number;
  seatsHeld: number;
  /** Of the seats taken, those given back and kept for the waitlist (offered or about to be). */
  seatsKeptForWaitlist: number;
  /** People waiting for a seat. */
  waitlistCount: number;
  /** People on the waitlist holding an offer of a seat (no longer counted as waiting). */
  waitlistOffered: number;
  zoomLink: string | null;
  startingSoonMinutes: number;
  recordingUrl: string | null;
  requireConfirmedEmail: boolean;
  /** Not published yet: visitors can neither see nor book it. */
  draft: boolean;
  /** Cancelled by the administrator: when, and her message to the people booked or waiting. */
  cancellation: { at: string; message: string | null } | null;
  createdAt: string;
};

/** `GET /api/admin/sessions/{id}`: the session with its history of changes, newest first. */
export type AdminSessionDetail = { session: AdminSessionView; history: AuditEntry[] };

/** `GET /api/admin/sessions?when=`: a page of sessions, with how many are upcoming and past. */
export type AdminSessionList = { sessions: AdminSessionView[]; counts: { upcoming: number; past: number } };

/** `GET /api/admin/sessions/{id}/attendees`: a page of a session's bookings, oldest first. */
export type AdminAttendeePage = {
  attendees: {
    bookingId: string;
    name: string;
    email: string;
    /** Given by someone who booked from the waitlist (joining it asks for one). */
    phone: string | null;
    status: BookingStatus;
    paymentStatus: PaymentStatus;
    /** Marked at check-in; null until then. */
    attendance: Attendance | null;
    bookedAt: string;
  }[];
  nextCursor: string | null;
};
