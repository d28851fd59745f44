import * as z from 'zod/mini';

/** Path ids are ULIDs or UUIDs: short, URL-safe strings. */
export const IdParams = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid id')),
});
