import { openRoute } from '../lib/route-handler';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getRecording } from '../domain/records/recordings';
import { purchaseRequired, mediaOf } from '../domain/records/recording-access';
import { recordLead } from '../domain/records/recording-leads';
import { RecordingAccessRequest, recordingMessages, type RecordingAccessGrant } from '../schemas/recording';

/**
 * The free-recording gate: an address given in this visit opens a free recording. The address is
 * kept as a lead for the administrator (limited per address and hour); a premium recording is
 * never opened here, whatever the address.
 */
export const handler = openRoute({ params: IdParams, body: RecordingAccessRequest }, async ({ params, body, clientAddress }) => {
  const now = new Date();
  const recording = await getRecording(params.id);
  if (!recording) throw notFound(recordingMessages.notFound);
  if (!recording.isFree) throw purchaseRequired();
  await recordLead(body.email, recording.id, { now, clientAddress });
  const grant: RecordingAccessGrant = { media: await mediaOf(recording, now) };
  return { body: grant };
});
