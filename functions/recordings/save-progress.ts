import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { mayWatch, purchaseRequired, recordingAccess, recordingForMember } from '../domain/records/recording-access';
import { saveProgress } from '../domain/records/playback-progress';
import { PlaybackProgressRequest } from '../schemas/recording';

/** Saves where the member is in a recording they may watch: the player sends it every 10 seconds. */
export const handler = httpRoute({ params: IdParams, body: PlaybackProgressRequest }, async (input) => {
  const { userId } = signedIn(input);
  const { recording, ownsPackage } = await recordingForMember(input.params.id, userId);
  if (!mayWatch(recordingAccess(recording, { signedIn: true, ownsPackage }))) throw purchaseRequired();
  return { body: await saveProgress(userId, recording.id, input.body.positionSeconds, new Date()) };
});
