import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { publishSession } from '../domain/flows/admin-sessions';

/** 'Publish': a draft session becomes visible and bookable. */
export const handler = httpRoute({ params: IdParams }, async (input) => ({
  body: await publishSession(input.params.id, signedIn(input), new Date()),
}));
