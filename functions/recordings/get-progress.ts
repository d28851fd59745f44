import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { impersonatedCaller } from '../domain/records/impersonations';
import { recordingForMember } from '../domain/records/recording-access';
import { toProgressView } from '../domain/records/playback-progress';

/** The member's own position in a recording (0 when never played): their token names whose. */
export const handler = httpRoute(
  { params: IdParams },
  async (input) => {
    const { userId } = signedIn(input);
    const { progress } = await recordingForMember(input.params.id, userId);
    return { body: toProgressView(input.params.id, progress) };
  },
  { viewAsMember: impersonatedCaller },
);
