import { httpRoute, signedIn } from '../lib/http';
import { RecordingForm } from '../schemas/admin-recording';
import { createRecording } from '../domain/records/admin-recordings';

export const handler = httpRoute({ body: RecordingForm }, async (input) => ({
  status: 201,
  body: await createRecording(input.body, signedIn(input), new Date()),
}));
