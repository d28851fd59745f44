import { httpRoute } from '../lib/http';
import { conflict, notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { BookingRequest, IdempotencyKeyHeaders } from '../schemas/booking';
import { getSession } from '../domain/sessions';
import { bookFreeSession } from '../domain/bookings';

export const handler = httpRoute(
  { params: IdParams, body: BookingRequest, headers: IdempotencyKeyHeaders },
  async ({ params, body, headers, clientAddress, caller }) => {
    const session = await getSession(params.id);
    if (!session) throw notFound('Session not found');
    // The price is the server's own record, never the browser's.
    if (session.priceAmount > 0) throw conflict('Online payment is not available yet for this session.');
    const receipt = await bookFreeSession(session, body, {
      now: new Date(),
      userId: caller?.userId,
      clientAddress,
      requestKey: headers['idempotency-key'],
    });
    return { status: 201, body: receipt };
  },
);
