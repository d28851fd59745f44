import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { AdminAttendeePage } from '@schemas/admin-session';
import type { Attendance } from '@schemas/booking';
import { Button } from '@/components/ui/button';
import { EmailText } from '@/components/ui/email-text';
import { controlClass } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { adminSessionQuery, attendeesQuery, useSessionChanges } from '@/features/admin/api/sessions';
import { AddAttendee } from '@/features/admin/components/add-attendee';
import { SessionNotFound } from '@/features/admin/components/session-not-found';
import { failureText } from '@/features/bookings/api/bookings';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime } from '@/lib/format';

type Attendee = AdminAttendeePage['attendees'][number];

/** How long before a session starts its check-in opens (the server's rule: flows/attendance.ts). */
const CHECK_IN_OPENS_MS = 12 * 3_600_000;

/** Letters without their accents, in lower case: 'Zoë' is found by 'zoe'. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** /admin/sessions/:id/check-in: on the day, on a phone, a tap marks each attendee as come or not. */
export function AdminCheckInPage() {
  const { id = '' } = useParams();
  const session = useQuery(adminSessionQuery(id));
  const attendees = useQuery(attendeesQuery(id));
  const [search, setSearch] = useState('');
  const [now] = useState(() => Date.now());
  useDocumentTitle(session.data ? `Check-in: ${session.data.session.title} · Admin` : 'Check-in · Admin');
  if (session.isPending || attendees.isPending) return <CheckInSkeleton />;
  if (!session.data) return <SessionNotFound />;
  const { title, startTime } = session.data.session;
  const open = Date.parse(startTime) - CHECK_IN_OPENS_MS <= now;
  // Those whose seat is theirs: a booking awaiting payment is not checked in.
  const confirmed = (attendees.data?.attendees ?? []).filter((attendee) => attendee.status === 'completed');
  const shown = confirmed.filter((attendee) => folded(`${attendee.name} ${attendee.email}`).includes(folded(search.trim())));
  const count = (mark: Attendance) => confirmed.filter((attendee) => attendee.attendance === mark).length;

  return (
    <section className="mx-auto max-w-2xl">
      <Link to={`/admin/sessions/${id}?tab=attendees`} className="text-sm font-medium text-muted hover:text-clay-dark">
        ← Back to the session
      </Link>
      <h1 className="mt-4 text-3xl md:text-4xl">Check-in</h1>
      <p className="mt-2 text-muted">
        {title}, {formatDateTime(startTime)}
      </p>
      <p role="status" className="mt-4 rounded-2xl bg-sand px-5 py-3">
        <strong className="font-semibold">{count('attended')}</strong> of {confirmed.length} checked in
        {count('no_show') > 0 && ` · ${count('no_show')} no-show${count('no_show') === 1 ? '' : 's'}`}
      </p>
      {!open && (
        <p className="mt-4 rounded-2xl border border-linen bg-white px-5 py-3 text-muted">
          Check-in opens 12 hours before the session starts.
        </p>
      )}
      {!session.data.session.cancellation && (
        <div className="mt-4 flex justify-end">
          <AddAttendee session={session.data.session} />
        </div>
      )}
      {confirmed.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-sand p-6 text-muted">No attendees yet for this session.</p>
      ) : (
        <>
          <label htmlFor="check-in-search" className="mt-6 block text-sm font-medium">
            Search by name
          </label>
          <input
            id="check-in-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
            className={`mt-1.5 h-11 w-full ${controlClass}`}
          />
          {shown.length === 0 ? (
            <p className="mt-4 text-muted">Nobody booked matches “{search.trim()}”.</p>
          ) : (
            <ul
              aria-label="Attendees"
              className="mt-4 flex flex-col divide-y divide-linen rounded-2xl border border-linen bg-white shadow-sm"
            >
              {shown.map((attendee) => (
                <CheckInRow key={attendee.bookingId} sessionId={id} attendee={attendee} open={open} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** One attendee: a tap on 'Attended' or 'No-show' marks them; a tap on the mark they have takes it back. */
function CheckInRow({ sessionId, attendee, open }: { sessionId: string; attendee: Attendee; open: boolean }) {
  const { markAttendance } = useSessionChanges();
  const [pending, setPending] = useState(false);
  const choose = (mark: Attendance) => {
    setPending(true);
    markAttendance.mutate(
      { id: sessionId, bookingId: attendee.bookingId, attendance: attendee.attendance === mark ? null : mark },
      {
        onError: (error) => toast.error('Error', { description: failureText(error, 'Failed to save the check-in') }),
        onSettled: () => setPending(false),
      },
    );
  };
  const button = (mark: Attendance, label: string) => (
    <Button
      size="sm"
      variant={attendee.attendance === mark ? 'primary' : 'secondary'}
      aria-pressed={attendee.attendance === mark}
      disabled={!open || pending}
      onClick={() => choose(mark)}
      className="min-w-24"
    >
      {label}
    </Button>
  );
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium">{attendee.name}</p>
        <p className="text-sm text-muted">
          <EmailText email={attendee.email} />
        </p>
      </div>
      <div role="group" aria-label={`Attendance of ${attendee.name}`} className="flex gap-2">
        {button('attended', 'Attended')}
        {button('no_show', 'No-show')}
      </div>
    </li>
  );
}

function CheckInSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading check-in" className="mx-auto max-w-2xl">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-4 h-10 w-1/2" />
      <Skeleton className="mt-6 h-12 w-full rounded-2xl" />
      <Skeleton className="mt-6 h-64 w-full rounded-2xl" />
    </div>
  );
}
