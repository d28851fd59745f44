import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { SessionCancellationRequest, type SessionCancellationReceipt } from '../schemas/admin-session';
import { cancelSession } from '../domain/flows/cancel-session';

/** 'Cancel session': cancelled at once; its bookings and waitlist places are ended, everyone told, paid ones refunded (202). */
export const handler = httpRoute({ params: IdParams, body: SessionCancellationRequest }, async (input) => {
  const outcome = await cancelSession(input.params.id, input.body.message || undefined, signedIn(input), new Date());
  const receipt: SessionCancellationReceipt = { outcome };
  return { status: 202, body: receipt };
});
