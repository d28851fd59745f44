import { impersonatedCaller } from '../domain/records/impersonations';
import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getRecording, toRecordingView } from '../domain/records/recordings';
import { mayWatch, recordingAccess, recordingForMember, mediaOf } from '../domain/records/recording-access';
import { recordingMessages, type RecordingDetail } from '../schemas/recording';

/**
 * One recording with the caller's access, and a short-lived address of its video only when the
 * caller may watch it now; a visitor's free recording waits for the e-mail gate (./access.ts).
 */
export const handler = httpRoute(
  { params: IdParams },
  async ({ params, caller }) => {
    const now = new Date();
    const { recording, ownsPackage, progress } = caller
      ? await recordingForMember(params.id, caller.userId)
      : { recording: await getRecording(params.id), ownsPackage: false, progress: undefined };
    if (!recording) throw notFound(recordingMessages.notFound);
    const access = recordingAccess(recording, { signedIn: Boolean(caller), ownsPackage });
    const body: RecordingDetail = {
      recording: toRecordingView(recording, access, progress?.positionSeconds),
      media: mayWatch(access) ? await mediaOf(recording, now) : null,
    };
    return { body };
  },
  { viewAsMember: impersonatedCaller },
);
