import { httpRoute } from '../lib/http';
import { IdParams } from '../lib/params';
import { ImageUploadBody } from '../schemas/image-upload';
import { confirmImageUpload, startImageUpload } from '../domain/records/session-images';

// One route, two steps: `{ contentType, size }` answers where to post the file; `{ key }`, once it
// is posted, checks what was stored and answers its address (functions/domain/records/session-images.ts).
// The id may be 'new': the Create New Session form uploads before its session exists.
export const handler = httpRoute({ params: IdParams, body: ImageUploadBody }, async ({ params, body }) => ({
  body: 'key' in body ? await confirmImageUpload(params.id, body.key) : await startImageUpload(params.id, body, new Date()),
}));
