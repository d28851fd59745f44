import type { Actor } from '../../lib/auth';
import { HttpError, notFound } from '../../lib/errors';
import { tableName } from '../../lib/table';
import { transactNamed } from '../../lib/transactions';
import type { AdminRecording, AdminRecordingList, RecordingForm } from '../../schemas/admin-recording';
import { recordingMessages } from '../../schemas/recording';
import { auditEntry } from './audit';
import { deleteRecordingFiles, ownThumbnailKey } from './recording-media';
import { getRecording, listRecordings, newRecording, recordingItem, type RecordingRecord } from './recordings';
import { recordingKey } from './keys';
import { checkVideosStored } from './video-uploads';

// The administrator's side of the recordings library: the list in its order, and each recording
// created, edited and deleted with an audit entry in the change's own transaction. A recording's
// uploaded files are its own: a file it stops naming (replaced, or the recording deleted) is
// deleted from its bucket once the change is written.

const subject = (id: string) => ({ kind: 'recording' as const, id });
const recordingNotFound = () => notFound(recordingMessages.notFound);

export function adminRecordingView(recording: RecordingRecord): AdminRecording {
  return {
    id: recording.id,
    title: recording.title,
    description: recording.description,
    thumbnailUrl: recording.thumbnailUrl ?? null,
    isFree: recording.isFree,
    orderIndex: recording.orderIndex,
    durationSeconds: recording.durationSeconds,
    mediaKey: recording.mediaKey ?? null,
    videoUrl: recording.videoUrl ?? null,
    createdAt: recording.createdAt,
    updatedAt: recording.updatedAt ?? null,
  };
}

/** `GET /api/admin/recordings`: every recording in the library's order. */
export async function adminRecordings(): Promise<AdminRecordingList> {
  return { recordings: (await listRecordings()).map(adminRecordingView) };
}

export async function adminRecording(id: string): Promise<AdminRecording> {
  const recording = await getRecording(id);
  if (!recording) throw recordingNotFound();
  return adminRecordingView(recording);
}

/** The form as stored: an uploaded video or a link, never both; no thumbnail is none. */
const fieldsOf = (form: RecordingForm) => ({
  title: form.title,
  description: form.description ?? '',
  isFree: form.isFree,
  orderIndex: form.orderIndex,
  durationSeconds: form.durationSeconds,
  mediaKey: form.mediaKey ?? undefined,
  videoUrl: form.mediaKey ? undefined : (form.videoUrl ?? undefined),
  thumbnailUrl: form.thumbnailUrl ?? undefined,
});

/**
 * The files a save names for the first time: an uploaded video must be in the bucket (confirmed,
 * not refused and deleted), and neither it nor an uploaded thumbnail may be another recording's,
 * since deleting one recording deletes its files.
 */
async function checkNewFiles(fields: ReturnType<typeof fieldsOf>, current?: RecordingRecord) {
  const newVideo = fields.mediaKey && fields.mediaKey !== current?.mediaKey ? fields.mediaKey : undefined;
  const newThumbnail = fields.thumbnailUrl !== current?.thumbnailUrl ? ownThumbnailKey(fields.thumbnailUrl) : undefined;
  if (!newVideo && !newThumbnail) return;
  if (newVideo) await checkVideosStored([newVideo], 'body.mediaKey');
  const others = (await listRecordings()).filter((recording) => recording.id !== current?.id);
  if (newVideo && others.some((recording) => recording.mediaKey === newVideo)) {
    const message = 'This video belongs to another recording: upload its file again';
    throw new HttpError(400, message, [{ field: 'body.mediaKey', message }]);
  }
  if (newThumbnail && others.some((recording) => ownThumbnailKey(recording.thumbnailUrl) === newThumbnail)) {
    const message = 'This thumbnail belongs to another recording: upload the image again';
    throw new HttpError(400, message, [{ field: 'body.thumbnailUrl', message }]);
  }
}

export async function createRecording(form: RecordingForm, actor: Actor, now: Date): Promise<AdminRecording> {
  const fields = fieldsOf(form);
  await checkNewFiles(fields);
  const recording = newRecording(fields, now);
  await transactNamed({
    recording: {
      Put: { TableName: tableName(), Item: recordingItem(recording), ConditionExpression: 'attribute_not_exists(pk)' },
    },
    audit: auditEntry(subject(recording.id), 'recording.created', actor, now, {
      title: recording.title,
      isFree: recording.isFree,
      orderIndex: recording.orderIndex,
    }),
  });
  return adminRecordingView(recording);
}

/** Saves the form over a recording, with an audit entry naming what changed; the files it replaced are deleted. */
export async function updateRecording(id: string, form: RecordingForm, actor: Actor, now: Date): Promise<AdminRecording> {
  const current = await getRecording(id);
  if (!current) throw recordingNotFound();
  const fields = fieldsOf(form);
  await checkNewFiles(fields, current);
  const recording: RecordingRecord = { id, createdAt: current.createdAt, ...fields, updatedAt: now.toISOString() };
  const changed = (['title', 'description', 'isFree', 'orderIndex', 'mediaKey', 'videoUrl', 'thumbnailUrl'] as const).filter(
    (field) => recording[field] !== current[field],
  );
  const refusal = await transactNamed({
    recording: { Put: { TableName: tableName(), Item: recordingItem(recording), ConditionExpression: 'attribute_exists(pk)' } },
    audit: auditEntry(subject(id), 'recording.updated', actor, now, { changed }),
  });
  if (refusal) throw recordingNotFound();
  await deleteRecordingFiles({
    mediaKey: current.mediaKey !== recording.mediaKey ? current.mediaKey : undefined,
    thumbnailUrl: current.thumbnailUrl !== recording.thumbnailUrl ? current.thumbnailUrl : undefined,
  });
  return adminRecordingView(recording);
}

/** Deletes a recording and then its files (its uploaded video and thumbnail). */
export async function deleteRecording(id: string, actor: Actor, now: Date): Promise<void> {
  const current = await getRecording(id);
  if (!current) throw recordingNotFound();
  const refusal = await transactNamed({
    recording: { Delete: { TableName: tableName(), Key: recordingKey(id), ConditionExpression: 'attribute_exists(pk)' } },
    audit: auditEntry(subject(id), 'recording.deleted', actor, now, { title: current.title }),
  });
  if (refusal) throw recordingNotFound();
  await deleteRecordingFiles(current);
}
