import * as z from 'zod/mini';
import { emailAddress } from './account';
import { lineOfText } from './text';

/** Share by e-mail: the address to send the session to, not blank. */
export const ShareRequest = z.object({
  email: z.pipe(lineOfText('Email', 254, { blank: 'Please enter an email address' }), emailAddress),
});
export type ShareRequest = z.infer<typeof ShareRequest>;
