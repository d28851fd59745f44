import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminSessionView, CancellationPreview } from '@schemas/admin-session';
import { formatMoney } from '@schemas/currency';
import { Button } from '@/components/ui/button';
import { Fact } from '@/components/ui/fact';
import { controlClass, describedBy, Labelled } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { cancellationQuery, useSessionChanges } from '@/features/admin/api/sessions';
import { refusalReason } from '@/lib/api';
import { formatDateTime } from '@/lib/format';

const MESSAGE_MAX = 2000;
const messageHint = 'Added to the e-mail everyone booked or waiting receives, one paragraph per line.';

/** 'Cancel Session': what it ends, read first, then an optional message, then done in one step. */
export function CancelSession({ session }: { session: AdminSessionView }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The form exists only while the dialog is open: it reads the session as it is then, and starts empty.
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        Cancel Session
      </Button>
      <Modal dialogRef={dialog} title="Cancel this session?" wide onClose={() => setOpen(false)}>
        {open && <CancellationForm session={session} onDone={() => dialog.current?.close()} />}
      </Modal>
    </>
  );
}

function CancellationForm({ session, onDone }: { session: AdminSessionView; onDone: () => void }) {
  const preview = useQuery(cancellationQuery(session.id));
  const { cancel } = useSessionChanges();
  const [message, setMessage] = useState('');
  const tooLong = message.trim().length > MESSAGE_MAX ? 'Message is too long' : undefined;

  // Awaited rather than given callbacks: the page drops this dialog as soon as it reads the
  // session cancelled, which may be before the callbacks of `mutate` would run.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    try {
      await cancel.mutateAsync({ id: session.id, message: message.trim() });
      onDone();
      toast.success('Session cancelled', {
        description: 'Everyone booked or waiting is being told, and paid bookings refunded.',
      });
    } catch (error) {
      toast.error('Error', { description: refusalReason(error) ?? 'Failed to cancel the session' });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Cancel session" className="mt-2 flex flex-col gap-5">
      <p className="text-muted">
        {session.title}, {formatDateTime(session.startTime)}, comes off the schedule at once, and nobody can book it again. Its
        page stays, saying it is cancelled.
      </p>
      {preview.isPending ? (
        <Skeleton className="h-28 w-full rounded-xl" />
      ) : preview.data ? (
        <WhatItEnds preview={preview.data} />
      ) : (
        <p role="alert" className="text-sm text-[#a23b22]">
          {refusalReason(preview.error) ?? 'Could not read who is booked.'}
        </p>
      )}
      <Labelled label="Message (optional)" id="cancellation-message" hint={messageHint} error={tooLong}>
        <textarea
          id="cancellation-message"
          rows={4}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={describedBy('cancellation-message', { hint: messageHint, error: tooLong })}
          className={`py-2 ${controlClass}`}
        />
      </Labelled>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          Keep Session
        </Button>
        <Button type="submit" disabled={cancel.isPending || !preview.data}>
          {cancel.isPending ? 'Cancelling…' : 'Cancel Session'}
        </Button>
      </div>
    </form>
  );
}

/** The people a cancellation reaches, and the money it gives back. */
function WhatItEnds({ preview }: { preview: CancellationPreview }) {
  const refunded = preview.refundTotal.map(formatMoney).join(' and ');
  return (
    <div className="rounded-xl bg-sand px-5 py-4">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Fact label="Attendees">{preview.attendees}</Fact>
        <Fact label="Paid bookings">{preview.paidBookings}</Fact>
        <Fact label="Refunded">{refunded || 'Nothing'}</Fact>
        <Fact label="Waiting">{preview.waiting}</Fact>
      </dl>
      <p className="mt-4 text-sm">
        Each of them is e-mailed that the session is cancelled, with its calendar entry removed
        {preview.paidBookings > 0 ? '; each paid booking is refunded in full' : ''}.
        {preview.unpaidBookings > 0 &&
          ` ${preview.unpaidBookings === 1 ? 'One booking' : `${preview.unpaidBookings} bookings`} awaiting payment ${preview.unpaidBookings === 1 ? 'is' : 'are'} released, never charged.`}
      </p>
    </div>
  );
}
