// Who changed what and when (functions/domain/records/audit.ts writes and reads them).

/** What an entry is about: a session, a booking, a purchase, a discount code, a user (by their user id), ... and its id. */
export type AuditSubject = {
  kind: 'session' | 'booking' | 'purchase' | 'discount-code' | 'package' | 'resource' | 'recording' | 'user';
  id: string;
};

export type AuditEntry = {
  id: string;
  subject: AuditSubject;
  /** A dotted name of what was done: 'session.updated', 'booking.removed', 'discount-code.deleted'. */
  action: string;
  actor: { userId: string; email: string };
  at: string;
  /** What changed, as the action needs it (field names and values; never secrets). */
  data?: Record<string, unknown>;
};
