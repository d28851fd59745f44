import { useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import type { AdminSessionView } from '@schemas/admin-session';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmailText } from '@/components/ui/email-text';
import { attendeesQuery, useSessionChanges } from '@/features/admin/api/sessions';
import { formatDateTime } from '@/lib/format';
import { AttendeeActions } from './attendee-actions';

/** The Attendees tab: everyone booked but the cancelled; a confirmed one may be removed, after asking. */
export function SessionAttendees({ session }: { session: AdminSessionView }) {
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
