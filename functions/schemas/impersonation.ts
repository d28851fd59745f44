// Plain data with no zod import: the site's API client, in its first load, reads the header's name.

/** The header that names the impersonation a request is made in; its value is the impersonation's id. */
export const IMPERSONATION_HEADER = 'x-impersonation';

/** A read-only view of the site as a user, opened by an administrator, live until `expiresAt` or its end. */
export type ImpersonationView = {
  id: string;
  user: { id: string; name: string | null; email: string };
  startedAt: string;
  expiresAt: string;
  endedAt: string | null;
};

/** The answer's `code` when a request made in an impersonation is refused: the site then ends its view. */
export const impersonationRefusals = { readOnly: 'impersonation-read-only', ended: 'impersonation-ended' } as const;
