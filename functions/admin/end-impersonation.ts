import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { ImpersonationEnd } from '../schemas/admin-user';
import { endImpersonation } from '../domain/records/impersonations';

/** Ends the administrator's view as the user (the way back, or signing out); when it ended goes in the history. */
export const handler = httpRoute({ params: IdParams, body: ImpersonationEnd }, async (input) => ({
  body: await endImpersonation(signedIn(input), input.params.id, input.body.impersonationId, new Date()),
}));
