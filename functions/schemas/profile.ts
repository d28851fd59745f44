import * as z from 'zod/mini';
import { personName } from './text';

/** The settings form's profile fields, parsed the same way in the browser and on the server. */
export const ProfileUpdate = z.object({
  fullName: personName('Full name', 200),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
