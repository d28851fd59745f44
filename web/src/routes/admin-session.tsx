import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { Button, ButtonLink, buttonClass } from '@/components/ui/button';
import { SessionDetail } from '@/routes/session-detail';
import { Skeleton } from '@/components/ui/skeleton';
import { PillTabs } from '@/components/ui/pill-tabs';
import { adminSessionQuery, useSessionChanges } from '@/features/admin/api/sessions';
import type { AdminSessionView, SeriesFormInput, SessionFormInput } from '@schemas/admin-session';
import { CancelSession } from '@/features/admin/components/cancel-session';
import { SessionAttendees } from '@/features/admin/components/session-attendees';
import { SessionBadge } from '@/features/admin/components/session-badge';
import { SessionDetails } from '@/features/admin/components/session-details';
import { SessionNotFound } from '@/features/admin/components/session-not-found';
import { SessionFormView } from '@/features/admin/components/session-form';
import { SessionWaitlist } from '@/features/admin/components/session-waitlist';
import { failureText } from '@/features/bookings/api/bookings';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime } from '@/lib/format';

function BackToSessions() {
  return (
    <Link to="/admin/sessions" className="text-sm font-medium text-muted hover:text-clay-dark">
      ← Back to sessions
    </Link>
  );
}

/** Saves the form; the toasts of docs/product.md#toasts, and the server's own words when it refuses. */
function useSaveSession(id?: string) {
  const navigate = useNavigate();
  const { save } = useSessionChanges();
  return {
    saving: save.isPending,
    onSave: (form: SessionFormInput, { draft }: { draft: boolean }) =>
      save.mutate(
        { id, form, draft },
        {
          onSuccess: (session) => {
            toast.success(id ? 'Session updated successfully' : draft ? 'Draft saved' : 'Session created successfully');
            void navigate(`/admin/sessions/${session.id}`);
          },
          onError: (error) => toast.error('Error', { description: failureText(error, 'Failed to save session') }),
        },
      ),
  };
}

/** Creates a series from the form: a session a date; then the schedule, where they are listed. */
function useSaveSeries() {
  const navigate = useNavigate();
  const { createSeries } = useSessionChanges();
  const onSaveSeries = (form: SeriesFormInput, { draft }: { draft: boolean }) =>
    createSeries.mutate(
      { form, draft },
      {
        onSuccess: (series) => {
          toast.success(draft ? 'Series saved as drafts' : 'Series created', {
            description: `${series.sessions.length} sessions: ${series.description}.`,
          });
          void navigate('/admin/sessions');
        },
        onError: (error) => toast.error('Error', { description: failureText(error, 'Failed to create the series') }),
      },
    );
  return { onSaveSeries, savingSeries: createSeries.isPending };
}

/** /admin/sessions/new */
export function AdminSessionCreatePage() {
  const navigate = useNavigate();
  const save = useSaveSession();
  const { onSaveSeries, savingSeries } = useSaveSeries();
  useDocumentTitle('New session · Admin');
  return (
    <section className="max-w-3xl">
      <BackToSessions />
      <h1 className="mt-4 text-3xl md:text-4xl">Create New Session</h1>
      <div className="mt-6">
        <SessionFormView
          {...save}
          saving={save.saving || savingSeries}
          onSaveSeries={onSaveSeries}
          onCancel={() => void navigate('/admin/sessions')}
        />
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
          {session.draft ? (
            <ButtonLink variant="secondary" to={`/admin/sessions/${session.id}/preview`}>
              Preview
            </ButtonLink>
          ) : (
            <a
              href={`/sessions/${session.id}`}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ variant: 'secondary' })}
            >
              View Public Page
            </a>
          )}
          <ButtonLink variant="secondary" to={`/admin/orders?sessionId=${encodeURIComponent(session.id)}`}>
            View Orders
          </ButtonLink>
          {!session.draft && !session.cancellation && (
            <ButtonLink variant="secondary" to={`/admin/sessions/${session.id}/check-in`}>
              Check-in
            </ButtonLink>
          )}
          {!session.draft && !session.cancellation && session.startTime > now && <CancelSession session={session} />}
          {!session.cancellation && <ButtonLink to={`/admin/sessions/${session.id}/edit`}>Edit Session</ButtonLink>}
        </div>
      </div>
      {session.draft && <DraftNotice sessionId={session.id} />}
      {session.cancellation && <CancelledNotice session={session} />}
      <div className="mt-6">
        <PillTabs label="Session" selected={tab} onSelect={setTab} tabs={tabs} />
      </div>
      <div className="mt-6">
        {tab === 'details' && <SessionDetails session={session} history={history} />}
        {tab === 'attendees' && <SessionAttendees session={session} />}
        {tab === 'waitlist' && <SessionWaitlist session={session} />}
      </div>
    </section>
  );
}

/** A draft's one way forward: published, it is listed and bookable. */
function DraftNotice({ sessionId }: { sessionId: string }) {
  const { publish } = useSessionChanges();
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-sand px-5 py-4">
      <p>
        <strong className="font-semibold">Draft.</strong> Visitors cannot see or book this session until you publish it.
      </p>
      <Button
        disabled={publish.isPending}
        onClick={() =>
          publish.mutate(sessionId, {
            onSuccess: () => toast.success('Session published'),
            onError: (error) => toast.error('Error', { description: failureText(error, 'Failed to publish session') }),
          })
        }
      >
        {publish.isPending ? 'Publishing…' : 'Publish'}
      </Button>
    </div>
  );
}

/**
 * A cancelled session: when, and what the administrator wrote. While bookings or waitlist places
 * remain (the cancellation is still being carried out, or stopped half-way), she may ask again.
 */
function CancelledNotice({ session }: { session: AdminSessionView }) {
  const { cancel } = useSessionChanges();
  const cancellation = session.cancellation!;
  const remaining = session.seatsTaken - session.seatsKeptForWaitlist + session.waitlistCount + session.waitlistOffered;
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-sand px-5 py-4">
      <div>
        <p>
          <strong className="font-semibold">Cancelled</strong> on {formatDateTime(cancellation.at)}. Everyone booked or waiting is
          e-mailed, and paid bookings are refunded.
        </p>
        {cancellation.message && <p className="mt-2 whitespace-pre-line text-muted">“{cancellation.message}”</p>}
      </div>
      {remaining > 0 && (
        <Button
          variant="secondary"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(
              { id: session.id, message: '' },
              {
                onSuccess: () => toast.success('Cancelling the rest', { description: `${remaining} still to cancel.` }),
                onError: (error) => toast.error('Error', { description: failureText(error, 'Failed to cancel the session') }),
              },
            )
          }
        >
          {cancel.isPending ? 'Cancelling…' : 'Cancel the rest'}
        </Button>
      )}
    </div>
  );
}

/** /admin/sessions/:id/preview: a draft's page as visitors will see it once it is published. */
export function AdminSessionPreviewPage() {
  const { id = '' } = useParams();
  const { data, isLoading } = useQuery(adminSessionQuery(id));
  useDocumentTitle(data ? `Preview ${data.session.title} · Admin` : 'Preview · Admin');
  if (isLoading) return <DetailSkeleton />;
  if (!data) return <SessionNotFound />;
  return (
    <section>
      <Link to={`/admin/sessions/${id}`} className="text-sm font-medium text-muted hover:text-clay-dark">
        ← Back to the session
      </Link>
      {data.session.draft && <DraftNotice sessionId={id} />}
      <div className="mt-6 overflow-hidden rounded-2xl border border-linen">
        <SessionDetail session={data.session} preview />
      </div>
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
