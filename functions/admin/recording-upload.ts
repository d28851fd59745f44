import { httpRoute } from '../lib/http';
import { RecordingUploadBody } from '../schemas/admin-recording';
import { confirmRecordingUpload, startRecordingUpload } from '../domain/records/recording-media';

// One route, two steps, as a session's image: `{ kind, contentType, size }` answers where to post a
// recording's video or thumbnail; `{ key }`, once it is posted, checks what was stored.
export const handler = httpRoute({ body: RecordingUploadBody }, async ({ body }) => ({
  body: 'key' in body ? await confirmRecordingUpload(body.key) : await startRecordingUpload(body, new Date()),
}));
