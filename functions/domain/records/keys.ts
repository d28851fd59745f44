import type { AuditSubject } from '../../schemas/audit';

// Every key of the table in one place: each item's pk and sk, and the partitions and prefixes its
// indexes list items under, as docs/data-model.md lists them (test/unit/keys.test.ts holds the
// two equal). Two kinds of item keep their keys beside what writes them, since lib and the outbox
// import nothing of the domain: outbox events (functions/outbox/outbox.ts) and hourly allowances
// (functions/lib/rate-limit.ts).

/** A member's partition: their profile, name index, package and playback; on gsi2, their bookings. */
export const memberPartition = (userId: string) => `USER#${userId}`;
/** A session's partition: the session and the addresses booked on it or waiting; on gsi1, its bookings and waitlist. */
export const sessionPartition = (sessionId: string) => `SESSION#${sessionId}`;
/** gsi4: everything a guest made with an address, for the account that verifies it to claim. */
export const addressPartition = (email: string) => `EMAIL#${email.toLowerCase()}`;
/** gsi3: every booking and purchase, newest first. */
export const ORDERS_PARTITION = 'ORDERS';
/** gsi3 and gsi4, and gsi2 for a member's purchases: an order by its creation, then its kind. */
export const orderSortKey = (kind: 'BOOKING' | 'PURCHASE', createdAt: string, id: string) => `${createdAt}#${kind}#${id}`;

// Sessions and their seats.
export const sessionKey = (id: string) => ({ pk: sessionPartition(id), sk: 'SESSION' });
/** gsi1: every session, by its start. */
export const ALL_SESSIONS = 'SESSIONS';
/** A recurring series: its rule and its dates' sessions. */
export const seriesKey = (id: string) => ({ pk: `SERIES#${id}`, sk: 'SERIES' });
/** GSI1's partition of the sessions not yet published: apart, so no visitor's list can hold one. */
export const DRAFT_SESSIONS = 'DRAFT_SESSIONS';
/** One per session and address booked on it: the same address cannot book a session twice. */
export const attendeeKey = (sessionId: string, email: string) => ({ pk: sessionPartition(sessionId), sk: `ATTENDEE#${email}` });
/** The seats one client address (kept as a hash) has in a session. */
export const addressSeatsKey = (sessionId: string, addressHash: string) => ({
  pk: `LIMIT#session-seats#${sessionId}`,
  sk: addressHash,
});

// Bookings.
export const bookingKey = (id: string) => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' });
/** gsi1, in the session's partition: its bookings, oldest first. */
export const SESSION_BOOKING_PREFIX = 'BOOKING#';
export const sessionBookingSortKey = (createdAt: string, id: string) => `${SESSION_BOOKING_PREFIX}${createdAt}#${id}`;
/** gsi2, in the member's partition: their bookings by the session's start. */
export const memberBookingSortKey = (sessionStart: string, id: string) => `${sessionStart}#BOOKING#${id}`;

// Purchases of the recordings package.
export const purchaseKey = (id: string) => ({ pk: `PURCHASE#${id}`, sk: 'PURCHASE' });
/** gsi1: every purchase, newest first. */
export const ALL_PURCHASES = 'PURCHASES';
/** gsi2: a member's purchases, newest first, apart from their bookings (ordered by session start). */
export const memberPurchasesPartition = (userId: string) => `${memberPartition(userId)}#PURCHASES`;
export const packageOwnerKey = (userId: string) => ({ pk: memberPartition(userId), sk: 'PACKAGE' });

// Seat holds.
/** A hold's key, by what holds the seat: a booking's id, a waitlist place's, or a purchase's. */
export const holdKey = (holderId: string) => ({ pk: `HOLD#${holderId}`, sk: 'HOLD' });
/** gsi1: every hold, by its expiry. */
export const ALL_HOLDS = 'HOLDS';

// The waitlist.
export const placeKey = (id: string) => ({ pk: `WAITLIST#${id}`, sk: 'PLACE' });
/** One per session and address on its waitlist: nobody is on it twice. */
export const listedAddressKey = (sessionId: string, email: string) => ({
  pk: sessionPartition(sessionId),
  sk: `WAITLIST-EMAIL#${email}`,
});
/** gsi1, in the session's partition: its places waiting or offered, in the order they joined. */
export const WAITLIST_PREFIX = 'WAITLIST#';
export const waitlistSortKey = (placeId: string) => `${WAITLIST_PREFIX}${placeId}`;

// Payments and refunds.
export const paymentKey = (checkoutSessionId: string) => ({ pk: `PAYMENT#${checkoutSessionId}`, sk: 'PAYMENT' });
export const refundKey = (paymentIntentId: string) => ({ pk: `REFUND#${paymentIntentId}`, sk: 'REFUND' });

// Members.
export const profileKey = (userId: string) => ({ pk: memberPartition(userId), sk: 'PROFILE' });
/** A word slot (0 to 5) of a member's name index. */
export const nameItemKey = (userId: string, word: number) => ({ pk: memberPartition(userId), sk: `NAME#${word}` });
/** gsi1: the names that start with a letter. */
export const namesPartition = (text: string) => `NAMES#${text.charAt(0)}`;
export const PROGRESS_PREFIX = 'PROGRESS#';
export const progressKey = (userId: string, recordingId: string) => ({
  pk: memberPartition(userId),
  sk: `${PROGRESS_PREFIX}${recordingId}`,
});
export const impersonationKey = (id: string) => ({ pk: `IMPERSONATION#${id}`, sk: 'IMPERSONATION' });

// The administrator's history and notices.
export const auditPartition = (subject: AuditSubject) => `AUDIT#${subject.kind}#${subject.id}`;
export const auditKey = (subject: AuditSubject, at: string, id: string) => ({ pk: auditPartition(subject), sk: `${at}#${id}` });
export const noticeKey = (id: string) => ({ pk: `NOTICE#${id}`, sk: 'NOTICE' });
/** One per attendee a notice was queued to: nobody is queued the same notice twice. */
export const recipientKey = (noticeId: string, bookingId: string) => ({ pk: `NOTICE#${noticeId}`, sk: `TO#${bookingId}` });

// What the administrator offers: codes, recordings, resources, categories.
export const discountCodeKey = (code: string) => ({ pk: `DISCOUNT#${code.trim().toUpperCase()}`, sk: 'DISCOUNT' });
/** gsi1: every discount code, newest first. */
export const ALL_CODES = 'DISCOUNT_CODES';
export const recordingKey = (id: string) => ({ pk: `RECORDING#${id}`, sk: 'RECORDING' });
/** gsi1: the recordings library, in its order. */
export const ALL_RECORDINGS = 'RECORDINGS';
export const leadKey = (email: string) => ({ pk: `LEAD#${email}`, sk: 'LEAD' });
/** gsi1: every lead, newest first. */
export const ALL_LEADS = 'LEADS';
/** Every resource is in one partition, newest first. */
export const ALL_RESOURCES = 'RESOURCES';
export const resourceKey = (id: string) => ({ pk: ALL_RESOURCES, sk: `RESOURCE#${id}` });
export const categoryKey = (name: string) => ({ pk: 'CATEGORIES', sk: `CATEGORY#${name}` });

// Settings, caches and figures.
export const packagePriceKey = { pk: 'SETTINGS', sk: 'PACKAGE_PRICE' } as const;
/** One item for every Lambda: the last live rates, expiring (TTL) an hour after they were fetched. */
export const ratesCacheKey = { pk: 'RATES', sk: 'LATEST' } as const;
/** A booking request's first answer, by its idempotency key. */
export const requestKey = (idempotencyKey: string) => ({ pk: `REQUEST#${idempotencyKey}`, sk: 'REQUEST' });
export const OVERVIEW_PARTITION = 'OVERVIEW';
/** One week of the owner's figures, by its Monday. */
export const weekKey = (weekStart: string) => ({ pk: OVERVIEW_PARTITION, sk: `WEEK#${weekStart}` });
/** When a heartbeat last came through the table, its stream, the relay and the bus. */
export const heartbeatKey = { pk: 'HEALTH', sk: 'HEARTBEAT' } as const;
/** The mark that a fact was counted in the figures. */
export const countedKey = (fact: string) => ({ pk: `OVERVIEW#COUNTED#${fact}`, sk: 'COUNTED' });
