import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { RecordingForm } from '../schemas/admin-recording';
import { updateRecording } from '../domain/records/admin-recordings';

export const handler = httpRoute({ params: IdParams, body: RecordingForm }, async (input) => ({
  body: await updateRecording(input.params.id, input.body, signedIn(input), new Date()),
}));
