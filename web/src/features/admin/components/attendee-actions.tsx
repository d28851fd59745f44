import { useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { AdminSessionView, AttendeeMessage } from '@schemas/admin-session';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { downloadAttendees, useSessionChanges } from '@/features/admin/api/sessions';
import { AddAttendee } from './add-attendee';
import { ExportCsvButton } from './export-csv-button';
import { MessageAttendeesForm } from './message-attendees-form';

/** Above the attendees: add one, write to all of them, or take the list away as a spreadsheet. */
export function AttendeeActions({ session }: { session: AdminSessionView }) {
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
      {!session.draft && !session.cancellation && <AddAttendee session={session} />}
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
