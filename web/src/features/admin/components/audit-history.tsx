import type { AuditEntry } from '@schemas/audit';
import { formatDate, formatTimeWithZone } from '@/lib/format';

/** 'session.updated' reads 'Updated', 'booking.status-changed' 'Status changed'. */
const actionLabel = (action: string) =>
  action
    .replace(/^\w+(?:-\w+)*\./, '')
    .replace(/-/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());

/** Who changed a session or an order, and when: its audit entries, newest first. */
export function AuditHistory({ history }: { history: Pick<AuditEntry, 'id' | 'action' | 'at' | 'actor'>[] }) {
  if (history.length === 0) return <p className="mt-2 text-sm text-muted">No changes recorded.</p>;
  return (
    <ol className="mt-3 flex flex-col gap-3 text-sm">
      {history.map((entry) => (
        <li key={entry.id}>
          <p className="font-medium">{actionLabel(entry.action)}</p>
          <p className="text-muted">
            {formatDate(entry.at)}, {formatTimeWithZone(entry.at)} by {entry.actor.email}
          </p>
        </li>
      ))}
    </ol>
  );
}
