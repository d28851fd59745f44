import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { recordingAdminMessages, type AdminRecording, type RecordingForm } from '@schemas/admin-recording';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { LoadedList } from '@/components/ui/loaded-list';
import type { Column } from '@/components/ui/responsive-list';
import { adminRecordingsQuery, useRecordingChanges } from '@/features/admin/api/recordings';
import { formatDate } from '@/lib/format';
import { RecordingFormView } from './recording-form';

/** What the create and edit dialog holds: nothing while closed, a new recording, or the one being edited. */
type Editing = { recording?: AdminRecording } | null;

/**
 * The Recordings tab's Recordings Library: the recordings in the library's order, added with 'Add
 * Recording' and edited in the Create or Edit Recording dialog, deleted after asking, with the
 * toasts of docs/product.md#toasts.
 */
export function RecordingsLibrary() {
  const recordings = useQuery(adminRecordingsQuery());
  const { save, remove } = useRecordingChanges();
  const formDialog = useRef<HTMLDialogElement>(null);
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminRecording>();
  const all = recordings.data ?? [];
  const nextOrderIndex = all.length === 0 ? 0 : Math.min(999_999, Math.max(...all.map((r) => r.orderIndex)) + 1);

  const openForm = (recording?: AdminRecording) => {
    setEditing({ recording });
    formDialog.current?.showModal();
  };
  const askDelete = (recording: AdminRecording) => {
    setDeleting(recording);
    deleteDialog.current?.showModal();
  };
  const saveForm = async (form: RecordingForm) => {
    const existing = editing?.recording;
    await save.mutateAsync({ id: existing?.id, form });
    formDialog.current?.close();
    toast.success(existing ? recordingAdminMessages.updated : recordingAdminMessages.created, { description: form.title });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(recordingAdminMessages.deleted, { description: deleting.title }),
      onError: (error) => toast.error(recordingAdminMessages.deleteFailed(error.message)),
      onSettled: () => deleteDialog.current?.close(),
    });
  };
  const recordingColumns = columns(openForm, askDelete);

  return (
    <section aria-labelledby="library-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="library-heading" className="text-xl">
            Recordings Library
          </h2>
          <p className="mt-1 text-sm text-muted">In the order visitors see them, from the lowest order index up.</p>
        </div>
        <Button onClick={() => openForm()} disabled={!recordings.data}>
          Add Recording
        </Button>
      </div>
      <div className="mt-4">
        <LoadedList
          query={recordings}
          items={all}
          rowKey={(recording) => recording.id}
          columns={recordingColumns}
          caption="Recordings, in their order"
          noun="recordings"
          empty={{ title: 'No recordings yet', detail: 'Add a recording to start the library.' }}
        />
      </div>

      <Modal
        dialogRef={formDialog}
        title={editing?.recording ? 'Edit Recording' : 'Create Recording'}
        wide
        onClose={() => setEditing(null)}
      >
        {editing && (
          <RecordingFormView
            key={editing.recording?.id ?? 'new'}
            recording={editing.recording}
            nextOrderIndex={nextOrderIndex}
            onSave={saveForm}
            onCancel={() => formDialog.current?.close()}
          />
        )}
      </Modal>
      <ConfirmDialog
        dialogRef={deleteDialog}
        title="Delete this recording?"
        confirmLabel="Delete recording"
        busyLabel="Deleting…"
        dismissLabel="Keep recording"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      >
        <p>
          <strong className="font-semibold text-ink">{deleting?.title}</strong> leaves the library at once, with its uploaded
          video and thumbnail. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** The columns of docs/product.md#admin-area: Title, Description, Type (Free or Premium), Order, Created and Actions. */
function columns(
  onEdit: (recording: AdminRecording) => void,
  onDelete: (recording: AdminRecording) => void,
): Column<AdminRecording>[] {
  return [
    { header: 'Title', cell: (recording) => recording.title, card: 'title' },
    { header: 'Description', cell: (recording) => <span className="line-clamp-2">{recording.description}</span>, wide: true },
    {
      header: 'Type',
      cell: (recording) => <Badge tone={recording.isFree ? 'sage' : 'clay'}>{recording.isFree ? 'Free' : 'Premium'}</Badge>,
      card: 'corner',
    },
    { header: 'Order', cell: (recording) => recording.orderIndex, className: 'whitespace-nowrap tabular-nums' },
    { header: 'Created', cell: (recording) => formatDate(recording.createdAt), className: 'whitespace-nowrap' },
    {
      header: 'Actions',
      card: 'actions',
      className: 'whitespace-nowrap',
      cell: (recording) => (
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" aria-label={`Edit ${recording.title}`} onClick={() => onEdit(recording)}>
            Edit
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Delete ${recording.title}`} onClick={() => onDelete(recording)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];
}
