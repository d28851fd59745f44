import { useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import type { AdminSessionDetail, AdminSessionView, AttendeeMessage, SessionFormInput } from '@schemas/admin-session';
import type { AdminWaitlist } from '@schemas/waitlist';
import { formatMoney } from '@schemas/currency';
import { Badge, BadgeWithNote } from '@/components/ui/badge';
import { Button, ButtonLink, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Fact } from '@/components/ui/fact';
import { Modal } from '@/components/ui/modal';
import { DateTimeCell, ResponsiveList, ResponsiveListSkeleton, type Column } from '@/components/ui/responsive-list';
import { Skeleton } from '@/components/ui/skeleton';
import { PillTabs } from '@/components/ui/pill-tabs';
import {
  adminSessionQuery,
  attendeesQuery,
  downloadAttendees,
  useSessionChanges,
  waitlistQuery,
} from '@/features/admin/api/sessions';
import { MessageAttendeesForm } from '@/features/admin/components/message-attendees-form';
import { AuditHistory } from '@/features/admin/components/audit-history';
import { ExportCsvButton } from '@/features/admin/components/export-csv-button';
import { SessionBadge } from '@/features/admin/components/session-badge';
import { SessionFormView } from '@/features/admin/components/session-form';
import { failureText } from '@/features/bookings/api/bookings';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate, formatDateTime, formatDuration, formatTimeWithZone } from '@/lib/format';
import { EmailText } from '@/components/ui/email-text';

function BackToSessions() {
  return (
    <Link to="/admin/sessions" className="text-sm font-medium text-muted hover:text-clay-dark">
      ← Back to sessions
    </Link>
  );
}

/** Saves the form; the spec's toasts, and the server's own words when it refuses. */
function useSaveSession(id?: string) {
  const navigate = useNavigate();
  const { save } = useSessionChanges();
  return {
    saving: save.isPending,
    onSave: (form: SessionFormInput) =>
      save.mutate(
        { id, form },
        {
          onSuccess: (session) => {
            toast.success(id ? 'Session updated successfully' : 'Session created successfully');
            void navigate(`/admin/sessions/${session.id}`);
          },
          onError: (error) => toast.error('Error', { description: failureText(error, 'Failed to save session') }),
        },
      ),
  };
}

/** /admin/sessions/new */
export function AdminSessionCreatePage() {
  const navigate = useNavigate();
  const save = useSaveSession();
  useDocumentTitle('New session · Admin');
  return (
    <section className="max-w-3xl">
      <BackToSessions />
      <h1 className="mt-4 text-3xl md:text-4xl">Create New Session</h1>
      <div className="mt-6">
        <SessionFormView {...save} onCancel={() => void navigate('/admin/sessions')} />
      </div>
    </section>
  );
}

/** /admin/sessions/:id/edit */
export function AdminSessionEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, isLoading } = useQuery(adminSessionQuery(id));
  const save = useSaveSession(id);
  useDocumentTitle(data ? `Edit ${data.session.title} · Admin` : 'Edit session · Admin');
  if (isLoading) return <DetailSkeleton />;
  if (!data) return <SessionNotFound />;
  return (
    <section className="max-w-3xl">
      <BackToSessions />
      <h1 className="mt-4 text-3xl md:text-4xl">Edit Session</h1>
      {data.session.seatsTaken > 0 && (
        <p className="mt-3 rounded-xl bg-sand px-4 py-3 text-sm">
          People are booked on this session: a change of its time, place or Zoom link is e-mailed to each of them, with their
          calendar entry updated.
        </p>
      )}
      <div className="mt-6">
        <SessionFormView session={data.session} {...save} onCancel={() => void navigate(`/admin/sessions/${id}`)} />
      </div>
    </section>
  );
}

const detailTabs = ['details', 'attendees', 'waitlist'] as const;
type DetailTab = (typeof detailTabs)[number];

/** /admin/sessions/:id: Session Details, Attendees and Waitlist. */
export function AdminSessionPage() {
  const { id = '' } = useParams();
  const { data, isLoading } = useQuery(adminSessionQuery(id));
  // The tab is in the address, so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const tab = detailTabs.find((name) => name === params.get('tab')) ?? 'details';
  const setTab = (next: DetailTab) =>
    setParams(next === 'details' ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  const [now] = useState(() => new Date().toISOString());
  useDocumentTitle(data ? `${data.session.title} · Admin` : 'Session · Admin');
  if (isLoading) return <DetailSkeleton />;
  if (!data) return <SessionNotFound />;
  const { session, history } = data;
  const tabs: { id: DetailTab; label: string; count?: number }[] = [
    { id: 'details', label: 'Session Details' },
    // Every booking the Attendees tab lists (paid, free, awaiting payment), not the seats kept for the waitlist.
    { id: 'attendees', label: 'Attendees', count: session.seatsTaken - session.seatsKeptForWaitlist },
    { id: 'waitlist', label: 'Waitlist', count: session.waitlistCount + session.waitlistOffered },
  ];
  return (
    <section>
      <BackToSessions />
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <SessionBadge session={session} now={now} />
          <h1 className="mt-2 text-3xl md:text-4xl">{session.title}</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={`/sessions/${session.id}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: 'secondary' })}
          >
            View Public Page
          </a>
          <ButtonLink variant="secondary" to={`/admin/orders?sessionId=${encodeURIComponent(session.id)}`}>
            View Orders
          </ButtonLink>
          <ButtonLink to={`/admin/sessions/${session.id}/edit`}>Edit Session</ButtonLink>
        </div>
      </div>
      <div className="mt-6">
        <PillTabs label="Session" selected={tab} onSelect={setTab} tabs={tabs} />
      </div>
      <div className="mt-6">
        {tab === 'details' && <SessionDetails session={session} history={history} />}
        {tab === 'attendees' && <Attendees session={session} />}
        {tab === 'waitlist' && <Waitlist session={session} />}
      </div>
    </section>
  );
}

function SessionDetails({ session, history }: { session: AdminSessionView; history: AdminSessionDetail['history'] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="rounded-2xl border border-linen bg-white p-6 shadow-sm">
        {session.thumbnailUrl && (
          <img
            src={session.thumbnailUrl}
            alt="The session image"
            width="1200"
            height="630"
            className="mb-6 aspect-[1200/630] w-full rounded-xl object-cover"
          />
        )}
        <dl className="grid gap-5 sm:grid-cols-2">
          <Fact label="Date">{formatDate(session.startTime)}</Fact>
          <Fact label="Time">
            {formatTimeWithZone(session.startTime)} · {formatDuration(session.durationMinutes)}
          </Fact>
          <Fact label="Location">
            {session.locationType === 'online' ? 'Online' : [session.address, session.location].filter(Boolean).join(', ')}
          </Fact>
          <Fact label="Price">{session.price.amount > 0 ? formatMoney(session.price) : 'Free'}</Fact>
          <Fact label="Capacity">
            {session.maxAttendees == null ? 'Unlimited' : `${session.seatsTaken} of ${session.maxAttendees} seats taken`}
          </Fact>
          <Fact label="Category">{session.category ?? 'None'}</Fact>
          {session.zoomLink && <Fact label="Zoom link">{session.zoomLink}</Fact>}
          {session.recordingUrl && <Fact label="Recording">{session.recordingUrl}</Fact>}
        </dl>
        <p className="mt-6 whitespace-pre-line text-ink/90">{session.description}</p>
        {session.whatToBring && <p className="mt-4 text-sm text-muted">What to bring: {session.whatToBring}</p>}
      </div>
      <aside className="h-fit rounded-2xl bg-sand p-5">
        <h2 className="text-lg">History</h2>
        <AuditHistory history={history} />
      </aside>
    </div>
  );
}

/** What attendees were told with a change: its subject, or what changed for them. */
function Attendees({ session }: { session: AdminSessionView }) {
  const { data, isLoading } = useQuery(attendeesQuery(session.id));
  const { removeAttendee } = useSessionChanges();
  const dialog = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<{ bookingId: string; name: string }>();
  if (isLoading) return <p className="text-muted">Loading attendees...</p>;
  const attending = (data?.attendees ?? []).filter((a) => a.status !== 'cancelled');
  if (attending.length === 0) return <p className="rounded-2xl bg-sand p-6 text-muted">No attendees yet for this session.</p>;
  const remove = () =>
    chosen &&
    removeAttendee.mutate(
      { id: session.id, bookingId: chosen.bookingId },
      {
        onSuccess: () => {
          dialog.current?.close();
          toast.success('Attendee has been removed from the session');
        },
        onError: () => {
          dialog.current?.close();
          toast.error('Error', { description: 'Failed to remove attendee. Please try again.' });
        },
      },
    );
  return (
    <>
      <AttendeeActions session={session} />
      <PeopleList>
        {attending.map((attendee) => (
          <Person
            key={attendee.bookingId}
            name={attendee.name}
            email={attendee.email}
            detail={`${attendee.phone ? `${attendee.phone} · ` : ''}Booked ${formatDateTime(attendee.bookedAt)}`}
            badge={<Badge tone={attendee.status === 'pending' ? 'warning' : 'success'}>{attendee.paymentStatus}</Badge>}
            action={
              attendee.status === 'completed' ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${attendee.name}`}
                  onClick={() => {
                    setChosen(attendee);
                    dialog.current?.showModal();
                  }}
                >
                  Remove
                </Button>
              ) : null
            }
          />
        ))}
      </PeopleList>
      <ConfirmDialog
        dialogRef={dialog}
        title="Remove this attendee?"
        confirmLabel="Remove attendee"
        busyLabel="Removing…"
        dismissLabel="Keep attendee"
        busy={removeAttendee.isPending}
        onConfirm={remove}
      >
        <p>
          {chosen?.name} loses their seat; a paid booking is refunded in full, and the seat goes to the waitlist first. This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** Above the attendees: write to all of them, or take the list away as a spreadsheet. */
function AttendeeActions({ session }: { session: AdminSessionView }) {
  const { message } = useSessionChanges();
  const dialog = useRef<HTMLDialogElement>(null);
  // The form exists only while the dialog is open: it starts empty each time.
  const [writing, setWriting] = useState(false);
  const send = async (note: AttendeeMessage) => {
    await message.mutateAsync({ id: session.id, message: note });
    dialog.current?.close();
    toast.success('Message sent to attendees', { description: 'Each attendee receives it by e-mail.' });
  };
  return (
    <div className="mb-4 flex flex-wrap justify-end gap-2">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setWriting(true);
          dialog.current?.showModal();
        }}
      >
        Message attendees
      </Button>
      <ExportCsvButton download={() => downloadAttendees(session.id)} failure="Failed to export the attendees" />
      <Modal dialogRef={dialog} title="Message attendees" wide onClose={() => setWriting(false)}>
        <p className="mt-2 text-muted">To everyone booked on {session.title}, confirmed or awaiting payment.</p>
        {writing && <MessageAttendeesForm onSend={send} onCancel={() => dialog.current?.close()} />}
      </Modal>
    </div>
  );
}

function Waitlist({ session }: { session: AdminSessionView }) {
  const { data, isLoading } = useQuery(waitlistQuery(session.id));
  const { removePlace } = useSessionChanges();
  const placeColumns = waitlistColumns(
    (place) =>
      removePlace.mutate(
        { id: session.id, entryId: place.id },
        {
          onSuccess: () => toast.success('Waitlist entry removed successfully'),
          onError: () => toast.error('Error', { description: 'Failed to remove waitlist entry' }),
        },
      ),
    removePlace.isPending,
  );
  return (
    <div>
      <h2 className="text-2xl">Waitlist</h2>
      <p className="mt-1 text-sm text-muted">for {session.title}</p>
      <div className="mt-4">
        {isLoading ? (
          <ResponsiveListSkeleton columns={placeColumns} label="Loading waitlist..." />
        ) : !data || data.places.length === 0 ? (
          <p className="rounded-2xl bg-sand p-6 text-muted">No one on the waitlist yet.</p>
        ) : (
          <ResponsiveList
            items={data.places}
            rowKey={(place) => place.id}
            columns={placeColumns}
            caption={`Waitlist for ${session.title}, first in line first`}
          />
        )}
      </div>
    </div>
  );
}

type WaitlistPlace = AdminWaitlist['places'][number];

/** Who waits, first in line first: how to reach them, since when, and whether a seat is offered to them now. */
function waitlistColumns(onRemove: (place: WaitlistPlace) => void, removing: boolean): Column<WaitlistPlace>[] {
  return [
    {
      header: 'Name',
      card: 'title',
      cell: (place, index) => (
        <span className="font-medium">
          {index + 1}. {place.name}
        </span>
      ),
    },
    { header: 'Email', wide: true, cell: (place) => <EmailText email={place.email} className="" /> },
    { header: 'Phone', className: 'whitespace-nowrap', cell: (place) => place.phone },
    { header: 'Joined', cell: (place) => <DateTimeCell iso={place.joinedAt} /> },
    {
      header: 'Status',
      card: 'corner',
      cell: (place) =>
        place.state === 'offered' ? (
          <BadgeWithNote tone="clay" note={`until ${formatDateTime(place.offerExpiresAt!)}`}>
            Offered
          </BadgeWithNote>
        ) : (
          <Badge>Waiting</Badge>
        ),
    },
    {
      header: 'Actions',
      card: 'actions',
      cell: (place) => (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${place.name} from the waitlist`}
          disabled={removing}
          onClick={() => onRemove(place)}
        >
          Remove
        </Button>
      ),
    },
  ];
}

function PeopleList({ children }: { children: ReactNode }) {
  return <ul className="flex flex-col divide-y divide-linen rounded-2xl border border-linen bg-white shadow-sm">{children}</ul>;
}

function Person({
  name,
  email,
  detail,
  badge,
  action,
}: {
  name: string;
  email: string;
  detail: string;
  badge: ReactNode;
  action: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {name} {badge}
        </p>
        <p className="text-sm text-muted">
          <EmailText email={email} />
        </p>
        <p className="text-sm text-muted">{detail}</p>
      </div>
      {action}
    </li>
  );
}

function SessionNotFound() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-3xl">Session not found</h1>
      <ButtonLink to="/admin/sessions" className="mt-6">
        Back to sessions
      </ButtonLink>
    </section>
  );
}

function DetailSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading session">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-4 h-10 w-2/3" />
      <Skeleton className="mt-6 h-64 w-full rounded-2xl" />
    </div>
  );
}
