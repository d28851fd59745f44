/**
 * The roots of the query keys that more than one feature reads or refreshes: a change made in one
 * (a booking, a purchase, an administrator's edit) reads another's answers again by their root,
 * and no feature imports another. Each feature builds its own keys on these.
 */
export const queryRoots = {
  /** The signed-in member's own answers: forgotten on signing out, or when a view as a user ends. */
  me: ['me'],
  sessions: ['sessions'],
  recordings: ['recordings'],
  resources: ['resources'],
  package: ['package'],
} as const;

/** One member's own answers: every key under it is theirs, so another member's are never shown. */
export const memberKey = (userId: string) => [...queryRoots.me, userId] as const;
