const all = ['admin'] as const;

/**
 * The administrator's query keys, each area's under 'admin': a change to an order or a purchase
 * reads every area again (the lists, the overview's figures, a session's attendees).
 */
export const adminKeys = {
  all,
  sessions: (when: 'upcoming' | 'past') => [...all, 'sessions', when] as const,
  /** A session's page: its detail, attendees and waitlist, read again together. */
  session: (id: string) => [...all, 'session', id] as const,
  users: [...all, 'users'] as const,
  orders: [...all, 'orders'] as const,
  purchases: [...all, 'purchases'] as const,
  recordings: [...all, 'recordings'] as const,
  leads: [...all, 'leads'] as const,
  packagePrice: [...all, 'package-price'] as const,
  resources: [...all, 'resources'] as const,
  discountCodes: [...all, 'discount-codes'] as const,
  overview: [...all, 'overview'] as const,
};
