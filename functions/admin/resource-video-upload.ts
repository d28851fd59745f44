import { httpRoute } from '../lib/http';
import { IdParams } from '../lib/params';
import { VideoUploadBody } from '../schemas/resource';
import { confirmVideoUpload, startVideoUpload } from '../domain/records/resource-videos';

// One route, two steps, as a session's image: `{ contentType, size }` answers where to post the
// video; `{ key }`, once it is posted, checks what was stored. The id may be 'new' (NEW_RESOURCE):
// the Create New Resource form uploads before its resource exists.
export const handler = httpRoute({ params: IdParams, body: VideoUploadBody }, async ({ params, body }) => ({
  body: 'key' in body ? await confirmVideoUpload(params.id, body.key) : await startVideoUpload(params.id, body, new Date()),
}));
