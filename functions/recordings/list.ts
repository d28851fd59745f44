import { impersonatedCaller } from '../domain/records/impersonations';
import { httpRoute } from '../lib/http';
import { listRecordings, toRecordingView } from '../domain/records/recordings';
import { memberLibraryState, recordingAccess } from '../domain/records/recording-access';
import type { RecordingList } from '../schemas/recording';

/** The library by order index, each recording with the caller's access and, for a member, their position. */
export const handler = httpRoute(
  {},
  async ({ caller }) => {
    const [recordings, member] = await Promise.all([
      listRecordings(),
      caller ? memberLibraryState(caller.userId) : Promise.resolve(undefined),
    ]);
    const viewer = { signedIn: Boolean(caller), ownsPackage: member?.ownsPackage ?? false };
    const body: RecordingList = {
      recordings: recordings.map((recording) =>
        toRecordingView(recording, recordingAccess(recording, viewer), member?.positions.get(recording.id)),
      ),
    };
    return { body };
  },
  { viewAsMember: impersonatedCaller },
);
