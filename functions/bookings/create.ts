import { httpRoute } from '../lib/http';
import { conflict, notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { logger } from '../lib/logger';
import { BookingRequest } from '../schemas/booking';
import { getSession } from '../domain/sessions';
import { bookFreeSession } from '../domain/bookings';
import { publishEvent } from '../../events/publish';

export const handler = httpRoute({ params: IdParams, body: BookingRequest }, async ({ params, body }) => {
  const session = await getSession(params.id);
  if (!session) throw notFound('Session not found');
  // The price is the server's own record, never the browser's.
  if (session.priceAmount > 0) throw conflict('Online payment is not available yet for this session.');

  const booking = await bookFreeSession(session, body, new Date());
  try {
    await publishEvent('BookingConfirmed', {
      bookingId: booking.id,
      sessionId: booking.sessionId,
      attendeeName: booking.attendeeName,
      attendeeEmail: booking.attendeeEmail,
    });
  } catch (error) {
    // The seat is booked either way: a lost notification must not undo it.
    logger.error('BookingConfirmed was not published', { bookingId: booking.id, error: error as Error });
  }
  return { status: 201, body: { booking: { id: booking.id, status: booking.status, paymentStatus: booking.paymentStatus } } };
});
