import { ulid } from 'ulid';
import type { Actor } from '../../lib/auth';
import { conflict, notFound } from '../../lib/errors';
import { gsi1, tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import type { AdminSessionList, AdminSessionView, SessionForm } from '../../schemas/admin-session';
import { STARTING_SOON_MINUTES } from '../../schemas/session';
import { outboxEvent } from '../../outbox/outbox';
import { auditEntry } from '../records/audit';
import { changesForAttendees, sessionChangeNotice } from './attendee-notices';
import { seatsFreedForWaitlist } from '../records/freed-seats';
import {
  getSession,
  listSessionsBefore,
  listSessionsStarting,
  sessionItem,
  toSessionView,
  type SessionRecord,
} from '../records/sessions';
import { ALL_SESSIONS, sessionKey } from '../records/keys';

// The administrator's schedule: sessions created, edited, duplicated, published and deleted, each
// change with its audit entry in the same transaction. The counters are never written from a form.

/** A session's own fields: everything but its id, its counters and when it was made. */
type SessionFields = Omit<
  SessionRecord,
  'id' | 'seatsTaken' | 'seatsHeld' | 'waitlistCount' | 'seatsForWaitlist' | 'seatsOffered' | 'createdAt' | 'revision'
>;

/** The session's own fields as the form gives them (the counters and the id are not the form's). */
export function formFields(form: SessionForm) {
  return {
    title: form.title,
    description: form.description,
    category: form.category ?? undefined,
    thumbnailUrl: form.thumbnailUrl ?? undefined,
    startTime: form.startTime,
    durationMinutes: form.durationMinutes,
    maxAttendees: form.maxAttendees ?? undefined,
    priceAmount: form.price.amount,
    priceCurrency: form.price.currency,
    featured: form.featured,
    requireConfirmedEmail: form.requireConfirmedEmail,
    locationType: form.locationType,
    zoomLink: form.zoomLink ?? undefined,
    startingSoonMinutes: form.startingSoonMinutes,
    recordingUrl: form.recordingUrl ?? undefined,
    whatToBring: form.whatToBring ?? undefined,
    address: form.address ?? undefined,
    city: form.city ?? undefined,
    postCode: form.postCode ?? undefined,
  } satisfies Partial<SessionRecord>;
}

type FormFields = ReturnType<typeof formFields>;

export function adminSessionView(session: SessionRecord): AdminSessionView {
  return {
    ...toSessionView(session),
    seatsTaken: session.seatsTaken,
    seatsHeld: session.seatsHeld,
    waitlistCount: session.waitlistCount,
    waitlistOffered: session.seatsOffered ?? 0,
    seatsKeptForWaitlist: session.seatsForWaitlist ?? 0,
    zoomLink: session.zoomLink ?? null,
    startingSoonMinutes: session.startingSoonMinutes ?? STARTING_SOON_MINUTES,
    recordingUrl: session.recordingUrl ?? null,
    requireConfirmedEmail: session.requireConfirmedEmail ?? false,
    draft: session.draft ?? false,
    cancellation: session.cancelled ? { at: session.cancelled.at, message: session.cancelled.message ?? null } : null,
    createdAt: session.createdAt,
  };
}

/** A new session's record, with no seats taken. */
export const newSession = (fields: SessionFields, now: Date): SessionRecord => ({
  ...fields,
  id: ulid(now.getTime()),
  seatsTaken: 0,
  seatsHeld: 0,
  waitlistCount: 0,
  createdAt: now.toISOString(),
});

/** A new session, with no seats taken. */
async function putNewSession(fields: SessionFields, actor: Actor, now: Date, action: string, data?: Record<string, unknown>) {
  const session = newSession(fields, now);
  await transactNamed({
    session: {
      Put: {
        TableName: tableName(),
        Item: sessionItem(session),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    audit: auditEntry({ kind: 'session', id: session.id }, action, actor, now, data),
  });
  return adminSessionView(session);
}

/** A new session from the form: published at once, or a draft when asked. */
export const createSession = (form: SessionForm, options: { draft: boolean }, actor: Actor, now: Date) =>
  putNewSession({ ...formFields(form), ...(options.draft && { draft: true }) }, actor, now, 'session.created');

/**
 * A copy of a session, titled '(Copy)': every field but the id; no seats, bookings or waitlist. A
 * draft, since it starts at the same date and time: the administrator changes what differs, then
 * publishes it.
 */
export async function duplicateSession(id: string, actor: Actor, now: Date): Promise<AdminSessionView> {
  const source = await getSession(id);
  if (!source) throw notFound('Session not found');
  const {
    id: _id,
    seatsTaken,
    seatsHeld,
    waitlistCount,
    seatsForWaitlist,
    seatsOffered,
    createdAt,
    revision,
    // A copy is neither cancelled nor a date of the series its source belongs to.
    cancelled,
    series,
    ...fields
  } = source;
  return putNewSession({ ...fields, title: `${source.title} (Copy)`, draft: true }, actor, now, 'session.duplicated', {
    from: id,
  });
}

/** Publishes a draft: listed, bookable and its page open to visitors from now on. Publishing it again changes nothing. */
export async function publishSession(id: string, actor: Actor, now: Date): Promise<AdminSessionView> {
  const refusal = await transactNamed({
    session: {
      Update: {
        TableName: tableName(),
        Key: sessionKey(id),
        UpdateExpression: 'SET #listed = :published REMOVE draft',
        ConditionExpression: 'attribute_exists(pk) AND attribute_exists(draft)',
        ExpressionAttributeNames: { '#listed': gsi1.partitionKey },
        ExpressionAttributeValues: { ':published': ALL_SESSIONS },
      },
    },
    audit: auditEntry({ kind: 'session', id }, 'session.published', actor, now),
  });
  const session = await getSession(id, { consistent: true });
  if (!session) throw notFound('Session not found');
  if (refusal && session.draft) throw conflict('The session is being changed right now: please publish again.');
  return adminSessionView(session);
}

const seatsTakenRefusal = (taken: number) =>
  conflict(`${taken} ${taken === 1 ? 'seat is' : 'seats are'} already taken: the capacity cannot be lower than that.`);

/**
 * Saves the form over a session: its own fields only, on condition that the capacity is not
 * below the seats already taken (answered with how many are). In the same transaction:
 * - seats a raised capacity frees while people wait are kept for the waitlist and offered to the
 *   first in line (freed-seats.ts), so nobody who did not wait books them first;
 * - a change of its time, place or joining link raises its revision and, when anyone holds a
 *   seat, writes the notice that tells them (attendee-notices.ts);
 * - the audit entry names the fields that changed.
 * It is conditioned on the counters and the revision it was computed from, and computed again
 * from the session as it then is when a booking or another change came in between.
 */
export async function updateSession(id: string, form: SessionForm, actor: Actor, now: Date): Promise<AdminSessionView> {
  const fields = formFields(form);
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await getSession(id, { consistent: true });
    if (!current) throw notFound('Session not found');
    if (fields.maxAttendees !== undefined && current.seatsTaken > fields.maxAttendees) {
      throw seatsTakenRefusal(current.seatsTaken);
    }
    const forWaitlist = seatsFreedForWaitlist({ ...current, maxAttendees: fields.maxAttendees }, now);
    const changed = (Object.keys(fields) as (keyof FormFields)[]).filter((field) => fields[field] !== current[field]);
    const forAttendees = changesForAttendees(current, { ...current, ...fields });
    const revision = forAttendees.length > 0 ? (current.revision ?? 0) + 1 : undefined;
    const notice = revision && current.seatsTaken > 0 ? sessionChangeNotice(current, forAttendees, revision, now) : undefined;
    const set: [string, unknown][] = [
      ...Object.entries(fields).filter(([, value]) => value !== undefined),
      ...(revision ? [['revision', revision] as [string, unknown]] : []),
    ];
    const remove = Object.entries(fields)
      .filter(([, value]) => value === undefined)
      .map(([field]) => field);
    const refusal = await transactNamed({
      session: {
        Update: {
          TableName: tableName(),
          Key: sessionKey(id),
          UpdateExpression: [
            `SET ${[...set.map(([field]) => `#${field} = :${field}`), `#gsi1sk = :gsi1sk`].join(', ')}`,
            remove.length ? `REMOVE ${remove.map((field) => `#${field}`).join(', ')}` : '',
            forWaitlist ? 'ADD seatsTaken :kept, seatsForWaitlist :kept' : '',
          ]
            .join(' ')
            .trim(),
          ConditionExpression: [
            'attribute_exists(pk) AND seatsTaken = :taken AND waitlistCount = :waiting',
            // Two changes at once must not both take the same revision.
            current.revision === undefined ? 'attribute_not_exists(#revision)' : '#revision = :previousRevision',
          ].join(' AND '),
          ExpressionAttributeNames: Object.fromEntries([
            ...[...Object.keys(fields), 'revision'].map((field) => [`#${field}`, field]),
            ['#gsi1sk', gsi1.sortKey],
          ] as [string, string][]),
          ExpressionAttributeValues: {
            ...Object.fromEntries(set.map(([field, value]) => [`:${field}`, value])),
            ':gsi1sk': `${fields.startTime}#${id}`,
            ':taken': current.seatsTaken,
            ':waiting': current.waitlistCount,
            ...(current.revision !== undefined && { ':previousRevision': current.revision }),
            ...(forWaitlist && { ':kept': forWaitlist }),
          },
        },
      },
      audit: auditEntry({ kind: 'session', id }, 'session.updated', actor, now, {
        changed,
        ...(forWaitlist && { keptForWaitlist: forWaitlist }),
        ...(notice && { attendeesTold: forAttendees }),
      }),
      ...(forWaitlist && { offer: outboxEvent('WaitlistSeatFreed', { sessionId: id, freedAt: now.toISOString() }, now) }),
      notice: notice?.notice,
      event: notice?.event,
    });
    if (!refusal) return adminSessionView((await getSession(id, { consistent: true }))!);
  }
  throw conflict('The session is being booked or changed right now: please save again.');
}

/**
 * Deletes a session nobody holds a seat of or waits for. One with seats taken is refused with the
 * reason: deleting must never drop paid bookings silently, and a session with attendees is
 * cancelled by cancelling its bookings (each refunded and told through the lifecycle).
 */
export async function deleteSession(id: string, actor: Actor, now: Date): Promise<void> {
  const refusal = await transactNamed({
    session: {
      Delete: {
        TableName: tableName(),
        Key: sessionKey(id),
        ConditionExpression: 'attribute_exists(pk) AND seatsTaken = :none AND waitlistCount = :none',
        ExpressionAttributeValues: { ':none': 0 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    audit: auditEntry({ kind: 'session', id }, 'session.deleted', actor, now),
  });
  if (!refusal) return;
  const session = await getSession(id);
  if (!session) throw notFound('Session not found');
  throw conflict(
    `This session has ${session.seatsTaken} ${session.seatsTaken === 1 ? 'booking' : 'bookings'}` +
      `${session.waitlistCount > 0 ? ` and ${session.waitlistCount} on its waitlist` : ''}: ` +
      'cancel the bookings first, so every attendee is told and refunded.',
  );
}

/** The Upcoming or Past tab, drafts among the published sessions, with the count of both. */
export async function listAdminSessions(when: 'upcoming' | 'past', now: Date): Promise<AdminSessionList> {
  const [upcoming, past] = await Promise.all([
    Promise.all([listSessionsStarting({ from: now }), listSessionsStarting({ from: now }, 'drafts')]).then(inTimeOrder(1)),
    Promise.all([listSessionsBefore(now), listSessionsBefore(now, 'drafts')]).then(inTimeOrder(-1)),
  ]);
  return {
    sessions: (when === 'upcoming' ? upcoming : past).map(adminSessionView),
    counts: { upcoming: upcoming.length, past: past.length },
  };
}

/** Two lists of sessions as one, by start time (soonest first with 1, latest first with -1). */
const inTimeOrder =
  (direction: 1 | -1) =>
  (lists: SessionRecord[][]): SessionRecord[] =>
    lists.flat().sort((a, b) => direction * (a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id)));
