import { describe, expect, it } from 'vitest';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { handler as bookingConfirmation } from '../../functions/notifications/booking-confirmation';
import { api, waitForEmails } from '../support/stack';
import { createSession } from '../support/sessions';

describe('the booking confirmation consumer', () => {
  it('sends one e-mail however often, and under whatever id, the same event is delivered', async () => {
    const session = await createSession({ title: 'Redelivered Breath' });
    const email = 'twice@example.com';
    const { body } = await api<{ booking: { id: string } }>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Twice', lastName: 'Delivered', email }),
    });
    expect(await waitForEmails(email, 1)).toHaveLength(1);

    // Delivery is at least once, and the outbox may hand an event to the bus twice, under two
    // EventBridge ids: replay the same event to the consumer by hand.
    const replay = (id: string) =>
      bookingConfirmation(
        {
          id,
          'detail-type': 'BookingConfirmed',
          source: 'breathwork',
          detail: { bookingId: body.booking.id, sessionId: session.id, attendeeName: 'Twice Delivered', attendeeEmail: email },
        } as EventBridgeEvent<string, unknown>,
        {
          functionName: 'notifications-booking-confirmation',
          awsRequestId: id,
          getRemainingTimeInMillis: () => 10_000,
        } as Context,
      );
    await replay('replayed-1');
    await replay('replayed-2');

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await waitForEmails(email, 2, 500)).toHaveLength(1);
  });
});
