import type { AdminSessionView } from '@schemas/admin-session';
import { Badge } from '@/components/ui/badge';

/** A draft or a cancelled session, else the seat rule of the public site: past, sold out or upcoming. */
export function SessionBadge({ session, now }: { session: AdminSessionView; now: string }) {
  if (session.draft) return <Badge tone="warning">DRAFT</Badge>;
  if (session.cancellation) return <Badge tone="alert">CANCELLED</Badge>;
  if (session.startTime <= now) return <Badge>PAST</Badge>;
  if (session.soldOut) return <Badge tone="alert">SOLD OUT</Badge>;
  return <Badge tone="sage">UPCOMING</Badge>;
}
