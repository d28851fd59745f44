import { useState } from 'react';
import { cancellableUntil } from '@schemas/booking';
import type { MemberBookingSummary } from '@schemas/member';
import { CancellationControl } from './cancellation-control';

/** A member's confirmed, upcoming booking on My Bookings: its cancellation, or the date it closed. */
export function CancelBooking({ booking, userId }: { booking: MemberBookingSummary; userId: string }) {
  const [now] = useState(() => new Date().toISOString());
  if (booking.status !== 'completed' || booking.session.startTime <= now) return null;
  return (
    <CancellationControl
      booking={booking}
      until={cancellableUntil(booking.session.startTime)}
      refreshKey={['me', userId]}
      size="sm"
    />
  );
}
