import * as z from 'zod/mini';
import { personName } from './text';

/** The settings form's profile fields, parsed the same way in the browser and on the server. */
export const ProfileUpdate = z.object({
  fullName: personName('Full name', 200),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/**
 * The name an account's Cognito attributes hold (`name`, or `given_name` and `family_name`), as
 * its token and the admin API give them. Typed at sign-up, where Cognito checks none of
 * it (a link, control characters, any length): kept only if it passes the rules of a name typed
 * on the site, since it is shown to the administrator and repeated in e-mails.
 */
export function nameFromAttributes(attributes: Record<string, unknown>): string | null {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const typed = text(attributes.name) || [text(attributes.given_name), text(attributes.family_name)].filter(Boolean).join(' ');
  const parsed = ProfileUpdate.shape.fullName.safeParse(typed);
  return parsed.success ? parsed.data : null;
}
