import { openRoute } from '../lib/route-handler';
import { IdParams } from '../lib/params';
import { WaitlistRequest } from '../schemas/waitlist';
import { getOpenSession } from '../domain/records/sessions';
import { joinWaitlist } from '../domain/flows/waitlist-places';

/** 'Join Waitlist' on a sold-out session: 201 when joined, 200 when the address was already on it. */
export const handler = openRoute({ params: IdParams, body: WaitlistRequest }, async ({ params, body, clientAddress }) => {
  const session = await getOpenSession(params.id);
  const answer = await joinWaitlist(session, body, { now: new Date(), clientAddress });
  return { status: answer.outcome === 'joined' ? 201 : 200, body: answer };
});
