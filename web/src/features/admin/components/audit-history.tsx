import type { AuditEntry } from '@schemas/audit';
import { formatDate, formatTimeWithZone } from '@/lib/format';

/** 'session.updated' reads 'Updated', 'booking.status-changed' 'Status changed'. */
const actionLabel = (action: string) =>
  action
    .replace(/^\w+(?:-\w+)*\./, '')
    .replace(/-/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());

/** Who changed a session or an order, and when: its audit entries, newest first. */
export function AuditHistory({ history }: { history: AuditEntry[] }) {
  if (history.length === 0) return <p className="mt-2 text-sm text-muted">No changes recorded.</p>;
  return (
    <ol className="mt-3 flex flex-col gap-3 text-sm">
      {history.map((entry) => (
        <li key={entry.id}>
          <p className="font-medium">{actionLabel(entry.action)}</p>
          <HistoryDetail entry={entry} />
          <p className="text-muted">
            {formatDate(entry.at)}, {formatTimeWithZone(entry.at)} by {entry.actor.email}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** What a change was: the status an order was set to, a message's subject, or the changes the attendees were told of. */
function HistoryDetail({ entry }: { entry: AuditEntry }) {
  const { subject, attendeesTold, paymentStatus } = entry.data ?? {};
  if (typeof paymentStatus === 'string') return <p>Set to {paymentStatus}</p>;
  if (typeof subject === 'string') return <p className="break-words">“{subject}”</p>;
  if (Array.isArray(attendeesTold)) {
    const told = attendeesTold.map((change) => (change === 'joinLink' ? 'joining link' : String(change)));
    return <p>Attendees told of the new {new Intl.ListFormat('en').format(told)}</p>;
  }
  return null;
}
