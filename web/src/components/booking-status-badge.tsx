import type { BookingStatus } from '@schemas/booking';
import { Badge } from '@/components/ui/badge';
import { bookingBadge } from '@/lib/booking-badge';

/** A booking's status badge, by the one rule of `bookingBadge`: every list and page showing one uses this. */
export function BookingStatusBadge({ status, session }: { status: BookingStatus; session: { endTime: string } }) {
  const { label, tone } = bookingBadge(status, session);
  return <Badge tone={tone}>{label}</Badge>;
}
