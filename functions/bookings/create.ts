import { httpRoute } from '../lib/http';
import { IdParams } from '../lib/params';
import { BookingRequest, IdempotencyKeyHeaders } from '../schemas/booking';
import { getOpenSession } from '../domain/records/sessions';
import { bookSession } from '../domain/flows/book-session';

export const handler = httpRoute(
  { params: IdParams, body: BookingRequest, headers: IdempotencyKeyHeaders },
  async ({ params, body, headers, clientAddress, caller, context }) => {
    const session = await getOpenSession(params.id);
    const receipt = await bookSession(session, body, {
      now: new Date(),
      userId: caller?.userId,
      memberEmail: caller?.email.toLowerCase(),
      clientAddress,
      requestKey: headers['idempotency-key'],
      deadline: Date.now() + context.getRemainingTimeInMillis(),
    });
    return { status: 201, body: receipt };
  },
);
