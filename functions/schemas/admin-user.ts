import * as z from 'zod/mini';
import { lineOfText, personName } from './text';
import { PASSWORD_MIN_LENGTH } from './account';
import type { AuditEntry } from './audit';
import type { Money } from './money';
import type { SubscriptionStatus } from './member';

/** `GET /api/admin/users?q=&limit=&cursor=`: a name or the start of an e-mail address; empty lists everyone. */
export const UserSearchQuery = z.object({
  q: z._default(
    z.string().check(
      z.trim(),
      z.maxLength(100, 'Search text is too long'),
      // eslint-disable-next-line no-control-regex
      z.refine((text) => !/[\u0000-\u001F\u007F-\u009F]/.test(text), 'Search text contains characters that are not allowed'),
    ),
    '',
  ),
  cursor: z.optional(z.string().check(z.maxLength(4096, 'Invalid cursor'))),
  limit: z._default(
    z.pipe(
      z.coerce.number({ error: 'Limit must be a whole number' }),
      z
        .int('Limit must be a whole number')
        .check(z.minimum(1, 'Limit must be at least 1'), z.maximum(60, 'Limit must be at most 60')),
    ),
    20,
  ),
});

/**
 * The user columns (docs/product.md#admin-area): Name, Email, Status (always 'Active'), Created,
 * Subscription ('Free' if empty).
 */
export type AdminUserRow = {
  id: string;
  name: string | null;
  email: string;
  status: 'Active';
  createdAt: string;
  subscriptionStatus: SubscriptionStatus;
};

export type AdminUserPage = { users: AdminUserRow[]; nextCursor: string | null };

/**
 * Something of the user's on their member index (gsi2): a booking, and whatever else joins it (a
 * purchase), each shown by what it says of itself.
 */
export type AdminUserItem = {
  id: string;
  kind: string;
  title: string;
  /** When it takes place (a session's start) or was made. */
  at: string;
  status: string | null;
  price: Money | null;
};

/** `GET /api/admin/users/{id}`: the account, its profile, its bookings and purchases, and who changed it. */
export type AdminUserDetail = {
  user: AdminUserRow & { fullName: string | null; updatedAt: string };
  items: AdminUserItem[];
  nextItemsCursor: string | null;
  history: AuditEntry[];
};

/** `PUT /api/admin/users/{id}`: the full name, and the subscription status if it changes. */
export const AdminUserUpdate = z.object({
  fullName: personName('Full name', 200),
  subscriptionStatus: z.optional(lineOfText('Subscription status', 50)),
});
export type AdminUserUpdate = z.infer<typeof AdminUserUpdate>;

/** `POST /api/admin/users/{id}/password`: set for good; the user signs in with it at once. */
export const AdminPasswordChange = z.object({
  password: z
    .string({ error: 'Password is required' })
    .check(
      z.minLength(1, { error: 'Password is required', abort: true }),
      z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
      z.maxLength(256, 'Password is too long'),
    ),
});
export type AdminPasswordChange = z.infer<typeof AdminPasswordChange>;

/** `?cursor=` of the user's items on `GET /api/admin/users/{id}`. */
export const AdminUserItemsQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(2048, 'Invalid cursor'))),
});

/** `DELETE /api/admin/users/{id}/impersonation`: which view ends. */
export const ImpersonationEnd = z.object({
  impersonationId: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,64}$/, 'Invalid impersonation id')),
});
