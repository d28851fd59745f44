import { httpRoute, signedIn } from '../lib/http';
import { IdParams } from '../lib/params';
import { deleteRecording } from '../domain/records/admin-recordings';

/** Deletes the recording and its uploaded video and thumbnail. */
export const handler = httpRoute({ params: IdParams }, async (input) => {
  await deleteRecording(input.params.id, signedIn(input), new Date());
  return { body: { deleted: true } };
});
