import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from '@/components/ui/toast';
import type { AdminSessionView } from '@schemas/admin-session';
import { seatsBookedAndPending } from '@schemas/seats';
import { formatMoney } from '@schemas/currency';
import { SessionBadge } from '@/features/admin/components/session-badge';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CardListSkeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { adminSessionsQuery, useSessionChanges } from '@/features/admin/api/sessions';
import { failureText } from '@/features/bookings/api/bookings';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTabParam } from '@/hooks/use-tab-param';
import { formatDate, formatTimeWithZone } from '@/lib/format';

/** /admin/sessions: the Upcoming and Past tabs, each row with edit, duplicate and delete. */
export function AdminSessionsPage() {
  const [when, setWhen] = useTabParam(['upcoming', 'past'] as const);
  const { data, isLoading, isError, refetch } = useQuery(adminSessionsQuery(when));
  useDocumentTitle('Sessions · Admin');
  const counts = data?.counts;

  return (
    <section aria-labelledby="sessions-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="sessions-heading" className="text-3xl md:text-4xl">
          Sessions
        </h1>
        <ButtonLink to="/admin/sessions/new">Create New Session</ButtonLink>
      </div>
      <div className="mt-6 max-w-sm">
        <Tabs
          label="Which sessions"
          idPrefix="admin-sessions"
          selected={when}
          onSelect={setWhen}
          tabs={[
            { id: 'upcoming', label: `Upcoming${counts ? ` (${counts.upcoming})` : ''}` },
            { id: 'past', label: `Past${counts ? ` (${counts.past})` : ''}` },
          ]}
        />
      </div>
      <div id="admin-sessions-panel" role="tabpanel" aria-labelledby={`admin-sessions-tab-${when}`} className="mt-6">
        {isLoading ? (
          <CardListSkeleton label="Loading sessions" />
        ) : isError || !data ? (
          <div role="alert" className="rounded-2xl bg-sand p-6">
            <p>The sessions could not be loaded just now.</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : data.sessions.length === 0 ? (
          <p className="rounded-2xl bg-sand p-6 text-muted">
            {when === 'upcoming' ? 'No upcoming sessions scheduled.' : 'No past sessions available.'}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {data.sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function SessionRow({ session }: { session: AdminSessionView }) {
  const [now] = useState(() => new Date().toISOString());
  const { duplicate, remove } = useSessionChanges();
  const dialog = useRef<HTMLDialogElement>(null);
  const booked = session.seatsTaken > 0 || session.waitlistCount > 0 || session.waitlistOffered > 0;
  // Counted as the overview counts them: a checkout's held seat is pending, not booked.
  const { booked: seatsBooked, pending } = seatsBookedAndPending({
    taken: session.seatsTaken,
    held: session.seatsHeld,
    keptForWaitlist: session.seatsKeptForWaitlist,
  });
  const seats = [
    session.maxAttendees == null ? `${seatsBooked} booked` : `${seatsBooked} / ${session.maxAttendees} booked`,
    pending > 0 && `${pending} pending`,
  ]
    .filter(Boolean)
    .join(' · ');

  const copy = () =>
    duplicate.mutate(session.id, {
      onSuccess: () => toast.success('Session duplicated successfully'),
      onError: (error) => toast.error('Error', { description: failureText(error, 'Failed to duplicate session') }),
    });
  const erase = () =>
    remove.mutate(session.id, {
      onSuccess: () => {
        dialog.current?.close();
        toast.success('Session deleted successfully');
      },
      onError: (error) => {
        dialog.current?.close();
        toast.error('Error', { description: failureText(error, 'Failed to delete session') });
      },
    });

  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-linen bg-white p-5 shadow-sm md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <SessionBadge session={session} now={now} />
          {session.waitlistCount > 0 && <Badge tone="clay">{session.waitlistCount} waiting</Badge>}
          {session.series && <span className="text-sm text-muted">{session.series.description}</span>}
        </div>
        <h2 className="mt-2 text-xl">
          <Link to={`/admin/sessions/${session.id}`} className="hover:text-clay-dark">
            {session.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-muted">
          {formatDate(session.startTime)}, {formatTimeWithZone(session.startTime)} · {session.location} · {seats} ·{' '}
          {session.price.amount > 0 ? formatMoney(session.price) : 'Free'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={`/admin/sessions/${session.id}/edit`} variant="secondary" size="sm" aria-label={`Edit ${session.title}`}>
          Edit
        </ButtonLink>
        <Button
          variant="secondary"
          size="sm"
          disabled={duplicate.isPending}
          onClick={copy}
          aria-label={`Duplicate ${session.title}`}
        >
          Duplicate
        </Button>
        <Button variant="ghost" size="sm" onClick={() => dialog.current?.showModal()} aria-label={`Delete ${session.title}`}>
          Delete
        </Button>
      </div>
      <ConfirmDialog
        dialogRef={dialog}
        title="Delete this session?"
        confirmLabel="Delete session"
        busyLabel="Deleting…"
        dismissLabel="Keep session"
        busy={remove.isPending}
        onConfirm={erase}
        allowed={!booked}
      >
        <p>
          {session.title}, {formatDate(session.startTime)}.{' '}
          {booked
            ? 'It has bookings or people waiting, so it cannot be deleted: cancel its bookings first, so every attendee is told and refunded.'
            : 'This cannot be undone.'}
        </p>
      </ConfirmDialog>
    </li>
  );
}
